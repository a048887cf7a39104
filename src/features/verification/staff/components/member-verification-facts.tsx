import "server-only";
import { Facts } from "@/components/staff/facts";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import * as clock from "@/lib/clock";
import { formatLongDate } from "@/lib/time";
import { listMemberVerifications, type MemberVerification } from "../../verification.queries";
import { formatValidThrough } from "../../verification.service";

function standing(latest: MemberVerification, now: Date): string {
  switch (latest.decision) {
    case "pending":
      return `Waiting for a decision: ${latest.status}, asked ${formatLongDate(latest.requestedAt)}`;
    case "approved":
      return latest.expiresAt!.getTime() > now.getTime()
        ? `Verified: ${latest.status}, valid through ${formatValidThrough(latest.expiresAt!)}`
        : `Verification ended: ${latest.status}, was valid through ${formatValidThrough(latest.expiresAt!)}`;
    case "rejected":
      return `Not verified: ${latest.status} turned down on ${formatLongDate(latest.decidedAt!)}`;
    case "expired":
      return `Closed undecided: ${latest.status}, asked ${formatLongDate(latest.requestedAt)}`;
  }
}

/**
 * A member's service verification on their staff page: the latest request and an earlier approval that
 * still holds. `mayOpen`: the viewer may open the verifications desk, so the request links there.
 */
export async function MemberVerificationFacts({ memberId, mayOpen }: { memberId: string; mayOpen: boolean }) {
  const requests = await listMemberVerifications(getDb(), memberId);
  const now = clock.now();
  const [latest] = requests;
  if (!latest) return <p className="text-navy-700">No request to be verified.</p>;
  const stillVerified = requests.find((r) => r.decision === "approved" && r.expiresAt!.getTime() > now.getTime());
  const shown = stillVerified && stillVerified !== latest ? [stillVerified, latest] : [latest];
  return (
    <Facts
      items={shown.map((request, index) => [
        index === 0 ? "Service status" : "Latest request",
        mayOpen ? (
          <Link key={request.id} href={`/admin/verifications/${request.id}`} className="underline">
            {standing(request, now)}
          </Link>
        ) : (
          standing(request, now)
        ),
      ])}
    />
  );
}
