/** Inputs of the staff area's email log: the list's filters from the query string and the retry form. */
import { z } from "zod";

export const OUTBOX_STATUSES = ["pending", "sent", "failed", "expired"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = { pending: "Waiting", sent: "Sent", failed: "Failed", expired: "Expired" };
/** What each status means, shown with the log (the retry schedule is lib/email/deliver.service.ts's). */
export const OUTBOX_STATUS_MEANINGS: Record<OutboxStatus, string> = {
  pending:
    "Not sent yet. It goes out on the next delivery pass, within seconds. When the mail server could not take it for now (a 4xx reply, or no answer), it is tried again later: 8 attempts over about 44 hours. Retry sends it now.",
  sent: "The recipient's mail server accepted it. Whether it then lands in the inbox or in spam is up to that server.",
  failed:
    "Not sent, and not tried again: the recipient's mail server refused it for good (a 5xx reply, such as 550 for an address that does not exist; Last error gives its reason), or 8 attempts failed. Once the cause is fixed (a full mailbox emptied, our mail server's settings), Retry sends it again; a mistyped address can be corrected on the retry, except for a message carrying a private link, which only goes to the address it was made for.",
  expired: "Not sent: its link (a password reset, an address confirmation, a seat offer) lapsed before it could go out. The person asks for a new one.",
};

export const SEARCH_MAX = 254;
export const EMAIL_NOT_FOUND = "This message does not exist. Go back to the email log and choose another.";

/** An outbox id from a URL or a form: a positive 32-bit integer written plainly, else null. */
export function parseEmailId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** A message due within this span goes out on its own: retrying it would change nothing. */
const DUE_SOON_MS = 60_000;
export const soonAfter = (now: Date) => new Date(now.getTime() + DUE_SOON_MS);

/** Whether a pending message waits for a later attempt (after the mail server turned it away for a while), so Retry sends it sooner. */
export function waitsForLaterAttempt(nextAttemptAt: Date, now: Date): boolean {
  return nextAttemptAt > soonAfter(now);
}

export const retrySchema = z.object({
  id: z.string({ message: EMAIL_NOT_FOUND }),
  /** A corrected address for the retry (blank: the one the message was written to). */
  to: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(254, "The address must be 254 characters or fewer.")
      .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
});

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
  if (q.length > SEARCH_MAX) return { filter, searchError: `An email address has at most ${SEARCH_MAX} characters.` };
  return { filter: { ...filter, q: q || undefined } };
}
