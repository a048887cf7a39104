import Link from "@/components/ui/link";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { getDb } from "@/db/client";
import { now as clockNow } from "@/lib/clock";
import { listMemberVerifications, type MemberVerification } from "../verification.queries";
import { VerificationStatus } from "./verification-status";

/** The profile tab's verification section, for this member. */
export async function MyVerificationSummary({ memberId }: { memberId: string }) {
  return <VerificationSummary requests={await listMemberVerifications(getDb(), memberId)} now={clockNow()} />;
}

/** On the profile tab, near the military status: where the member's verification stands, and the way to ask. */
function VerificationSummary({ requests, now }: { requests: MemberVerification[]; now: Date }) {
  const [latest] = requests;
  return (
    <section aria-labelledby="verification-heading" className={`${cardClass} mt-8 space-y-4`}>
      <PanelHeading id="verification-heading" title="Service verification">
        Verified active duty, veterans, reserve and guard members, military families, law enforcement and first responders get a
        discount in the shop and on membership dues.
      </PanelHeading>
      <VerificationStatus requests={requests} now={now} />
      <Link href="/profile/verification" className="inline-block font-semibold text-olive-700 underline underline-offset-2">
        {latest?.decision === "pending" ? "See your request" : "Ask to be verified"}
      </Link>
    </section>
  );
}
