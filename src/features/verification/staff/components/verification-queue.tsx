import Link from "@/components/ui/link";
import { formatShortDate } from "@/lib/time";
import type { QueueItem } from "../../verification-desk.queries";

/** The waiting requests: who, which status, when sent, when it closes by itself. */
export function VerificationQueue({ items }: { items: QueueItem[] }) {
  if (items.length === 0) return <p className="rounded-lg bg-white p-4 shadow-sm">No requests are waiting.</p>;
  return (
    <ul className="space-y-3" aria-label="Waiting requests">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm">
          <Link href={`/admin/verifications/${item.id}`} className="font-semibold text-navy-900 underline underline-offset-2 break-words">
            {item.memberName.trim() || item.memberEmail}: {item.status}
          </Link>
          <p className="mt-1 text-sm text-navy-700 break-words">
            {item.memberEmail} · sent {formatShortDate(item.requestedAt)} · closes by itself {formatShortDate(item.closesAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
