import { Facts } from "@/components/staff/facts";
import { OUTBOX_STATUSES, OUTBOX_STATUS_LABELS, OUTBOX_STATUS_MEANINGS } from "../../email-log-desk.schema";

/** What Waiting, Sent, Failed and Expired mean, folded away under its summary so the list comes first. */
export function StatusMeanings() {
  return (
    <details className="mb-6 rounded-md border border-navy-700/20 bg-white p-3">
      <summary className="cursor-pointer font-semibold text-navy-900">What each status means</summary>
      <div className="mt-3">
        <Facts items={OUTBOX_STATUSES.map((status) => [OUTBOX_STATUS_LABELS[status], OUTBOX_STATUS_MEANINGS[status]])} />
      </div>
    </details>
  );
}
