/** Inputs of the staff area's e-mail log: the list's filters from the query string and the retry form. */
import { z } from "zod";

export const OUTBOX_STATUSES = ["pending", "sent", "failed", "expired"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = { pending: "Waiting", sent: "Sent", failed: "Failed", expired: "Expired" };

export const SEARCH_MAX = 254;
export const EMAIL_NOT_FOUND = "This message does not exist. Go back to the e-mail log and choose another.";

/** An outbox id from a URL or a form: a positive 32-bit integer written plainly, else null. */
export function parseEmailId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export const retrySchema = z.object({ id: z.string({ message: EMAIL_NOT_FOUND }) });

export interface OutboxFilter {
  status?: OutboxStatus;
  /** Part of the recipient's address. */
  q?: string;
  page: number;
}

type Params = Record<string, string | string[] | undefined>;

/**
 * The list's filters. An unknown status or page means no filter; a recipient search that cannot be
 * searched (control characters, too long, several values) is refused with `searchError`, next to the field.
 */
export function parseOutboxFilter(params: Params): { filter: OutboxFilter; searchError?: string } {
  const status = OUTBOX_STATUSES.find((value) => value === params.status);
  const page = Number(typeof params.page === "string" ? params.page : undefined);
  const filter: OutboxFilter = { status, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
  const raw = params.q;
  if (raw === undefined) return { filter };
  if (typeof raw !== "string") return { filter, searchError: "Search for one address at a time." };
  const q = raw.trim();
  if (/[\u0000-\u001f\u007f]/.test(q)) return { filter, searchError: "The search contains characters we can't accept (such as invisible control characters). Please retype it." };
  if (q.length > SEARCH_MAX) return { filter, searchError: `An e-mail address has at most ${SEARCH_MAX} characters.` };
  return { filter: { ...filter, q: q || undefined } };
}
