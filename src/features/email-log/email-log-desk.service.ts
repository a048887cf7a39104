import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { recordAudit, type Actor } from "@/lib/audit.service";
import * as clock from "@/lib/clock";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import { EMAIL_NOT_FOUND, parseEmailId, soonAfter, waitsForLaterAttempt } from "./email-log-desk.schema";
import { carriesSecret } from "./redact";

export const ALREADY_WAITING = "This message is already waiting to be sent: nothing to retry.";
export const ALREADY_SENT = "This message was sent: nothing to retry.";
export const PRIVATE_LINK_KEEPS_ADDRESS =
  "This message carries a private link (a sign-in, reset or confirmation link), so it is only ever sent to the address it was made for. Retry it without a new address, or ask the person to request a new one from the right address.";
export const LINK_LAPSED = "This message's link has expired, so it is not sent again. Ask the person to request a new one (for example with “Forgot password”).";

/**
 * Puts a message that is not sent back in the queue, due now, with a fresh count of attempts: a failed
 * or expired one, or one waiting for its next attempt after the mail server turned it away for a while.
 * One conditional UPDATE: two submits put it back once and record one audit entry. A message whose
 * link has lapsed (password reset, confirmation, seat offer) is never sent late. The outbox stamps
 * its rows with the system clock, so that is the clock compared with here.
 * `correctedTo` sends it to another address (a typo in the one it was written to); never a message
 * with a private link, which would hand someone else the way into the account.
 */
export async function retryEmail(db: Database, actor: Actor, rawId: string, correctedTo?: string, now = clock.systemNow()): Promise<{ id: number; to: string }> {
  const id = parseEmailId(rawId);
  if (id === null) throw new FormError(EMAIL_NOT_FOUND);
  const result = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for("update");
    if (!before) throw new FormError(EMAIL_NOT_FOUND);
    if (before.status === "pending" && !waitsForLaterAttempt(before.nextAttemptAt, now)) throw new FormError(ALREADY_WAITING);
    if (before.status === "sent") throw new FormError(ALREADY_SENT);
    if (before.expiresAt && before.expiresAt <= now) throw new FormError(LINK_LAPSED);
    const to = correctedTo && correctedTo !== before.toAddress.toLowerCase() ? correctedTo : undefined;
    if (to && carriesSecret(before.kind)) throw new FormError(PRIVATE_LINK_KEEPS_ADDRESS);
    const [retried] = await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, ...(to ? { toAddress: to } : {}) })
      .where(
        and(
          eq(emailOutbox.id, id),
          or(inArray(emailOutbox.status, ["failed", "expired"]), and(eq(emailOutbox.status, "pending"), gt(emailOutbox.nextAttemptAt, soonAfter(now)))),
          or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, now)),
        ),
      )
      .returning({ id: emailOutbox.id, to: emailOutbox.toAddress });
    if (!retried) throw new FormError(ALREADY_WAITING);
    await recordAudit(tx, actor, {
      action: "email.retry",
      recordType: "email",
      recordId: String(id),
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError, ...(to ? { to: before.toAddress } : {}) },
      after: { status: "pending", attempts: 0, ...(to ? { to } : {}) },
    });
    return retried;
  });
  void kickEmailDelivery();
  return result;
}
