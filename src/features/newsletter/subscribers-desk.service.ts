import { eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { recordAudit, type Actor } from "@/lib/audit.service";
import * as clock from "@/lib/clock";
import { FormError } from "@/lib/form-state";
import { formatShortDateTimeZone } from "@/lib/time";
import type { PaperSignUpInput, StaffUnsubscribeInput } from "./subscribers-desk.schema";

/** Audit entries of the subscriber list are filed under the address: a row is deleted when its owner leaves. */
const SUBSCRIBER_RECORD = "newsletter-subscriber";

/**
 * Staff enter an address from a paper sign-up sheet. The signature on the sheet is the consent, so the
 * address is subscribed at once and no confirmation email is sent; the row says so (`paper-sheet`, which
 * sheet, who entered it, when) and the audit log keeps the same. A pending sign-up from the footer form
 * becomes this one; an address already subscribed is left as it is.
 */
export async function addPaperSignUp(db: Database, actor: Actor, input: PaperSignUpInput, now: Date = clock.now()): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, input.email)).for("update");
    if (existing?.confirmedAt) {
      throw new FormError(`${input.email} is already subscribed (since ${formatShortDateTimeZone(existing.confirmedAt)}): nothing changed.`);
    }
    const paper = {
      subscribedAt: now,
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      consentSource: "paper-sheet" as const,
      consentNote: input.sheet,
      recordedBy: actor.email,
    };
    const [added] = await tx
      .insert(newsletterSubscribers)
      .values({ email: input.email, ...paper })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: paper, where: isNull(newsletterSubscribers.confirmedAt) })
      .returning({ email: newsletterSubscribers.email });
    if (!added) throw new FormError(`${input.email} is already subscribed: nothing changed.`);
    await recordAudit(tx, actor, {
      action: "newsletter.subscriber-added",
      recordType: SUBSCRIBER_RECORD,
      recordId: input.email,
      before: existing ? { status: "waiting for confirmation" } : null,
      after: { status: "subscribed", consent: "paper sign-up sheet", sheet: input.sheet },
    });
    return added;
  });
}

/**
 * Someone asked staff (by phone, in person) to stop the newsletter: the address leaves the list at once,
 * as with the link in the newsletter, and the audit log keeps who removed it, when, and how they asked.
 */
export async function unsubscribeForSomeone(db: Database, actor: Actor, input: StaffUnsubscribeInput): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, input.email)).returning();
    if (!removed) throw new FormError(`${input.email} is not on the list (nor waiting to confirm): there is nothing to unsubscribe.`);
    await recordAudit(tx, actor, {
      action: "newsletter.subscriber-removed",
      recordType: SUBSCRIBER_RECORD,
      recordId: input.email,
      before: {
        status: removed.confirmedAt ? "subscribed" : "waiting for confirmation",
        consent: removed.consentSource === "paper-sheet" ? "paper sign-up sheet" : "confirmed by email",
        ...(removed.consentNote ? { sheet: removed.consentNote } : {}),
      },
      after: { status: "unsubscribed", request: input.request },
    });
    return { email: removed.email };
  });
}
