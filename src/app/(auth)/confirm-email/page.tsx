import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ConfirmEmailForm } from "@/features/members/components/confirm-email-form";
import { NEW_ACCOUNT_LANDING, safeNextPath } from "@/lib/auth/safe-next";
import { getCurrentMember } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/metadata";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Confirm Your Email",
    description: "Confirm the email address of your new Vanguard Veterans Association member account.",
    path: "/confirm-email",
  }),
  robots: { index: false },
  // The token is in the URL: never send it to other sites (same-origin still lets our form post).
  referrer: "same-origin",
};

export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, next } = await searchParams;
  const validToken = typeof token === "string" && token.length > 0 && token.length <= 2048 ? token : undefined;
  const nextPath = safeNextPath(next, "");
  const member = await getCurrentMember();

  // Signed in with the address already confirmed (the link opened again, or in the tab that is signed in):
  // nothing to do, and no "sign in" to someone who is.
  if (member?.emailVerified) {
    return (
      <>
        <h1 className="text-2xl font-bold">Your email is confirmed</h1>
        <p className="mt-4 text-navy-800" role="status">
          <strong>{member.email}</strong> is confirmed and you are signed in.{" "}
          <Link href={nextPath || NEW_ACCOUNT_LANDING} className="font-semibold text-olive-700 underline">
            {nextPath ? "Continue where you were going" : "Go to your profile"}
          </Link>
          .
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold">Confirm your email</h1>
      {validToken ? (
        <>
          <p className="mt-1 text-navy-700">Press the button to confirm this address and sign in to your new account.</p>
          <div className="mt-6">
            <ConfirmEmailForm token={validToken} next={nextPath || undefined} />
          </div>
        </>
      ) : (
        <p className="mt-4 text-navy-800" role="alert">
          This confirmation link is incomplete. Open the link from the email again. If your account is new,{" "}
          <Link href="/register" className="font-semibold text-olive-700 underline">
            create it again
          </Link>{" "}
          with the same address to get a new link; otherwise{" "}
          <Link href="/login" className="font-semibold text-olive-700 underline">
            sign in
          </Link>{" "}
          to get one.
        </p>
      )}
    </>
  );
}
