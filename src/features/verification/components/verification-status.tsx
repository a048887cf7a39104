import { formatLongDate } from "@/lib/time";
import type { MemberVerification } from "../verification.queries";
import { formatValidThrough } from "../verification.service";
import { alertClasses } from "@/components/ui/alert";

/**
 * Where the member stands: their latest request (waiting, verified until, refused and why, or closed
 * undecided), and an earlier approval that still holds when a newer request is not an approval.
 */
export function VerificationStatus({ requests, now }: { requests: MemberVerification[]; now: Date }) {
  const [latest] = requests;
  if (!latest) return <p>You have not asked to be verified yet.</p>;
  const stillVerified = requests.find((r) => r.decision === "approved" && r.expiresAt!.getTime() > now.getTime());
  return (
    <div className="space-y-3">
      {stillVerified && stillVerified !== latest && <LatestRequest latest={stillVerified} now={now} />}
      <LatestRequest latest={latest} now={now} />
    </div>
  );
}

function LatestRequest({ latest, now }: { latest: MemberVerification; now: Date }) {
  switch (latest.decision) {
    case "pending":
      return (
        <p className="rounded-md border border-navy-700/30 bg-sand-100 p-3">
          <strong>Waiting for staff:</strong> your request to be verified as {latest.status}, sent {formatLongDate(latest.requestedAt)}.
          We will email you when it is decided. If nobody decides within 30 days, the request closes and its document is deleted.
        </p>
      );
    case "approved": {
      const expired = latest.expiresAt!.getTime() <= now.getTime();
      return expired ? (
        <p className="rounded-md border border-navy-700/30 bg-sand-100 p-3">
          <strong>Verification ended:</strong> your status as {latest.status} was verified through {formatValidThrough(latest.expiresAt!)}. Ask again below
          to get the discount back.
        </p>
      ) : (
        <p className="rounded-md border border-olive-600 bg-olive-600/10 p-3">
          <strong>Verified: {latest.status}</strong>, valid through {formatValidThrough(latest.expiresAt!)}. The service discount is applied automatically at
          checkout until then.
        </p>
      );
    }
    case "rejected":
      return (
        <div className={alertClasses("error")}>
          <p>
            <strong>Not verified:</strong> your request to be verified as {latest.status} was turned down on {formatLongDate(latest.decidedAt!)}. The reason:
          </p>
          <blockquote className="mt-2 border-l-4 border-red-700/40 pl-3 whitespace-pre-line">{latest.rejectionReason}</blockquote>
          <p className="mt-2">You may ask again with another document.</p>
        </div>
      );
    case "expired":
      return (
        <p className="rounded-md border border-navy-700/30 bg-sand-100 p-3">
          <strong>Closed without a decision:</strong> your request to be verified as {latest.status} was not decided within 30 days, so we closed it and
          deleted its document. Please ask again.
        </p>
      );
  }
}
