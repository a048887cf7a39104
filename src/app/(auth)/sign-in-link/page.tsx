import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { SIGN_IN_LINK_MINUTES } from "@/lib/auth/sign-in-link";
import { RequestSignInLinkForm, SignInWithLinkForm } from "@/features/members/components/sign-in-link-forms";
import { safeNextPath } from "@/lib/auth/safe-next";
import { getCurrentMember } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/metadata";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Sign In With an Emailed Link",
    description: "Sign in to your Vanguard Veterans Association member account with a link sent to your email.",
    path: "/sign-in-link",
  }),
  robots: { index: false },
  // The token is in the URL: never send it to other sites (same-origin still lets our form post).
  referrer: "same-origin",
};

/**
 * Without a token: ask for a sign-in link (the sign-in page offers it when too many wrong passwords
 * have paused the account). With one (the emailed link): a button that signs in.
 */
export default async function SignInLinkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, next } = await searchParams;
  const nextPath = safeNextPath(next, "");
  const validToken = typeof token === "string" && token.length > 0 && token.length <= 512 ? token : undefined;
  if (!validToken && (await getCurrentMember())) redirect(nextPath || "/");

  if (validToken) {
    return (
      <>
        <h1 className="text-2xl font-bold">Sign in with your link</h1>
        <p className="mt-1 text-navy-700">Press the button to sign in to your member account.</p>
        <div className="mt-6">
          <SignInWithLinkForm token={validToken} next={nextPath || undefined} />
        </div>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold">Sign in with an emailed link</h1>
      <p className="mt-1 text-navy-700">
        We&apos;ll email you a link that signs you in without your password. It also lifts a pause that too many wrong
        passwords put on your account.
      </p>
      <div className="mt-6">
        <RequestSignInLinkForm next={nextPath || undefined} minutes={SIGN_IN_LINK_MINUTES} />
      </div>
      <p className="mt-6 text-center text-navy-800">
        Know your password?{" "}
        <Link href={nextPath ? `/login?next=${encodeURIComponent(nextPath)}` : "/login"} className="font-semibold text-olive-700 underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
