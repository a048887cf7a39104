"use client";

import Link from "@/components/ui/link";
import { useActionState, useEffect, useRef } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { requestSignInLinkAction, signInWithLinkAction, type CheckEmail, type SignedIn } from "../members.actions";
import { CheckEmailPanel } from "./check-email-panel";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";

/** "E-mail me a sign-in link": the same answer whether or not the address has an account. */
export function RequestSignInLinkForm({ next, minutes }: { next?: string; minutes: number }) {
  const [state, action, pending] = useActionState<FormState<CheckEmail>, FormData>(requestSignInLinkAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};

  useEffect(() => {
    if (state.status === "success") sentRef.current?.focus();
    else if (state.status === "error") (errors.email ? emailRef.current : alertRef.current)?.focus();
  }, [state, errors.email]);

  if (state.status === "success") {
    return (
      <CheckEmailPanel headingRef={sentRef}>
        <p className="mt-2 text-navy-800">
          If an account uses <strong>{state.data.email}</strong>, we sent it a sign-in link. The link works once and expires
          in {minutes} minutes.
        </p>
        <p className="mt-4">
          <Link href="/login" className="font-semibold text-olive-700 underline">
            Back to sign in
          </Link>
        </p>
      </CheckEmailPanel>
    );
  }

  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id="sign-in-link-error" message={state.status === "error" && !errors.email ? formMessage(state) : undefined} />
      {next && <input type="hidden" name="next" value={next} />}
      <EmailField ref={emailRef} id="sign-in-link-email" error={errors.email} defaultValue={state.status === "error" ? state.values.email : undefined} />
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Sending..." : "E-mail me a sign-in link"}
      </Button>
    </form>
  );
}

/** One button: opening the e-mailed link changes nothing (mail scanners open links); pressing it signs in. */
export function SignInWithLinkForm({ token, next }: { token: string; next?: string }) {
  const [state, action, pending] = useActionState<FormState<SignedIn>, FormData>(signInWithLinkAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const message = formMessage(state);

  useEffect(() => {
    if (state.status === "error") alertRef.current?.focus();
  }, [state]);

  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id="sign-in-with-link-error" message={message} />
      <input type="hidden" name="token" value={token} />
      {next && <input type="hidden" name="next" value={next} />}
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Signing in..." : "Sign in"}
      </Button>
    </form>
  );
}
