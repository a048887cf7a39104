import Link from "@/components/ui/link";
import { cardClass, PanelHeading } from "@/features/members/profile/components/panel-heading";
import type { MemberVerification } from "../verification.queries";
import { VerificationStatus } from "./verification-status";

/** On the profile tab, near the military status: where the member's verification stands, and the way to ask. */
export function VerificationSummary({ requests, now }: { requests: MemberVerification[]; now: Date }) {
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
