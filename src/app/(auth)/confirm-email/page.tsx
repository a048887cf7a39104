import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ConfirmEmailForm } from "@/features/members/components/confirm-email-form";
import { safeNextPath } from "@/lib/auth/safe-next";
import { pageMetadata } from "@/lib/metadata";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Confirm Your E-mail",
    description: "Confirm the e-mail address of your new Vanguard Veterans Association member account.",
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

  return (
    <>
      <h1 className="text-2xl font-bold">Confirm your e-mail</h1>
      {validToken ? (
        <>
          <p className="mt-1 text-navy-700">Press the button to confirm this address and sign in to your new account.</p>
          <div className="mt-6">
            <ConfirmEmailForm token={validToken} next={nextPath || undefined} />
          </div>
        </>
      ) : (
        <p className="mt-4 text-navy-800" role="alert">
          This confirmation link is incomplete. Open the link from the e-mail again. If your account is new,{" "}
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
