"use client";

import Link from "@/components/ui/link";
import { requestSignInLinkAction, signInWithLinkAction } from "../members.actions";
import { EmailRequestForm } from "./email-request-form";
import { TokenButtonForm } from "./token-button-form";

/** "Email me a sign-in link": the same answer whether or not the address has an account. */
export function RequestSignInLinkForm({ next, minutes }: { next?: string; minutes: number }) {
  return (
    <EmailRequestForm
      action={requestSignInLinkAction}
      prefix="sign-in-link"
      next={next}
      label="Email me a sign-in link"
      pendingLabel="Sending..."
      sent={(email) => (
        <>
          <p className="mt-2 text-navy-800">
            If an account uses <strong>{email}</strong>, we sent it a sign-in link. The link works once and expires in {minutes}{" "}
            minutes.
          </p>
          <p className="mt-4">
            <Link href="/login" className="font-semibold text-olive-700 underline">
              Back to sign in
            </Link>
          </p>
        </>
      )}
    />
  );
}

/** One button: opening the emailed link changes nothing (mail scanners open links); pressing it signs in. */
export function SignInWithLinkForm({ token, next }: { token: string; next?: string }) {
  return <TokenButtonForm action={signInWithLinkAction} alertId="sign-in-with-link-error" token={token} next={next} label="Sign in" pendingLabel="Signing in..." />;
}
