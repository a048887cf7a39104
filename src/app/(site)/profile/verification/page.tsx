import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { PageHero } from "@/components/ui/page-hero";
import { requireMember } from "@/lib/auth/session";
import { RequestForm } from "@/features/verification/components/request-form";
import { VerificationStatus } from "@/features/verification/components/verification-status";
import { listMemberVerifications } from "@/features/verification/verification.queries";
import { now } from "@/lib/clock";
import { pageMetadata } from "@/lib/metadata";
import { Alert } from "@/components/ui/alert";

export const metadata = {
  ...pageMetadata({ title: "Service Verification", description: "Ask to have your service status verified.", path: "/profile/verification" }),
  robots: { index: false },
};

type Search = Promise<{ requested?: string | string[] }>;

/** The member's verification: where it stands, and (unless a request is waiting) the form to ask. */
export default async function VerificationPage({ searchParams }: { searchParams: Search }) {
  const member = await requireMember("/profile/verification");
  const requested = (await searchParams).requested !== undefined;
  const requests = await listMemberVerifications(getDb(), member.id);
  const [latest] = requests;
  return (
    <>
      <PageHero eyebrow="Member Area" title="Service Verification" />
      <div className="container-page max-w-3xl space-y-8 py-12">
        <section aria-labelledby="standing-heading" className="space-y-4 rounded-xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="standing-heading" className="text-2xl font-bold">
            Your verification
          </h2>
          {requested && latest?.decision === "pending" && (
            <Alert tone="success">
              Thank you. Your request and document reached us.
            </Alert>
          )}
          <VerificationStatus requests={requests} now={now()} />
        </section>
        {latest?.decision !== "pending" && (
          <section aria-labelledby="ask-heading" className="space-y-4 rounded-xl bg-white p-6 shadow-sm sm:p-8">
            <h2 id="ask-heading" className="text-2xl font-bold">
              Ask to be verified
            </h2>
            <p>
              Staff look at your document, usually within a few days, and email you their decision. Once you are verified, the service discount is
              applied automatically at checkout, at the rate the association sets; where member pricing also applies, you get the better of the two, not
              both. We keep your document privately, only staff can open it, and we delete it as soon as staff decide (or after 30 days if nobody has).
            </p>
            <RequestForm />
          </section>
        )}
        <Link href="/profile" className="inline-block font-semibold underline underline-offset-2">
          Back to my profile
        </Link>
      </div>
    </>
  );
}
