import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ConfirmEmailChangeForm } from "@/features/members/account/components/confirm-email-change-form";
import { pageMetadata } from "@/lib/metadata";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Confirm Your New Email",
    description: "Confirm the new email address of your Vanguard Veterans Association member account.",
    path: "/confirm-email-change",
  }),
  robots: { index: false },
  // The token is in the URL: never send it to other sites.
  referrer: "same-origin",
};

export default async function ConfirmEmailChangePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const validToken = typeof token === "string" && token.length > 0 && token.length <= 256 ? token : undefined;
  return (
    <>
      <h1 className="text-2xl font-bold">Confirm your new email</h1>
      {validToken ? (
        <>
          <p className="mt-1 text-navy-700">Press the button to make this address the one your account signs in with.</p>
          <div className="mt-6">
            <ConfirmEmailChangeForm token={validToken} />
          </div>
        </>
      ) : (
        <p className="mt-4 text-navy-800" role="alert">
          This link is incomplete. Open the link from the email again, or ask for a new one from your{" "}
          <Link href="/profile?tab=security" className="font-semibold text-olive-700 underline">
            profile
          </Link>
          .
        </p>
      )}
    </>
  );
}
