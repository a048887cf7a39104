import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ResetPasswordForm } from "@/features/members/components/reset-password-form";
import { pageMetadata } from "@/lib/metadata";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Choose a New Password",
    description: "Choose a new password for your Vanguard Veterans Association member account.",
    path: "/reset-password",
  }),
  robots: { index: false },
  // The token is in the URL: never send it to other sites. ("no-referrer" would also blank the
  // Origin of the no-JavaScript form post, which the server must then refuse as cross-site.)
  referrer: "same-origin",
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const validToken = typeof token === "string" && token.length > 0 && token.length <= 512 ? token : undefined;

  return (
    <>
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {validToken ? (
        <>
          <p className="mt-1 text-navy-700">This signs you out everywhere; then sign in with the new password.</p>
          <div className="mt-6">
            <ResetPasswordForm token={validToken} />
          </div>
          <p className="mt-6 text-center text-navy-800">
            Link not working?{" "}
            <Link href="/forgot-password" className="font-semibold text-olive-700 underline">
              Request a new one
            </Link>
          </p>
        </>
      ) : (
        <Alert tone="error" as="div" className="mt-6">
          This reset link is incomplete. Please use the link from the email, or{" "}
          <Link href="/forgot-password" className="font-semibold underline">
            request a new one
          </Link>
          .
        </Alert>
      )}
    </>
  );
}
