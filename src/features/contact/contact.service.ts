import { and, inArray, isNull, or, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { contactMessages } from "@/db/schema/contact";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import { RESPONSE_HOURS, contactCategoryLabel } from "./contact.fields";
import type { ContactInput } from "./contact.schema";
import { mayMail } from "@/lib/email/mailbox-limits";
import { acknowledgementEmail, newMessageStaffEmail } from "./emails/contact-emails";
import { formatShortDateTimeZone } from "@/lib/time";

export type ContactOutcome = { stored: true; id: number } | { stored: false; reason: "honeypot" };

/**
 * Who hears about a new message: every account with the role staff or admin (not disabled). With no
 * such account yet, the association's own address, so a message never arrives unnoticed.
 */
async function staffRecipients(db: Pick<Database, "select">): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(and(inArray(user.role, ["staff", "admin"]), or(isNull(user.banned), eq(user.banned, false))))
    .orderBy(user.email);
  return rows.length > 0 ? rows.map((row) => row.email) : [site.email];
}

/**
 * Stores a visitor's message for staff, tells staff by email, and acknowledges it to the sender, in
 * one transaction. A filled spam trap is refused by contactSchema with a message; should one get
 * here all the same, nothing is stored or sent.
 */
export async function submitContactMessage(db: Database, input: ContactInput): Promise<ContactOutcome> {
  if (input.website) return { stored: false, reason: "honeypot" };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        category: input.category,
      })
      .returning({ id: contactMessages.id, email: contactMessages.email, createdAt: contactMessages.createdAt });
    const message = row!;
    if (await mayMail(db, "contact-acknowledgement", message.email)) {
      await enqueueEmail(tx, { kind: "contact-acknowledgement", to: message.email, ...acknowledgementEmail() });
    }
    const link = `${siteUrl()}/admin/messages/${message.id}`;
    const summary = newMessageStaffEmail({
      name: input.name,
      email: message.email,
      subject: input.subject,
      categoryLabel: contactCategoryLabel(input.category),
      replyBy: formatShortDateTimeZone(new Date(message.createdAt.getTime() + RESPONSE_HOURS * 3_600_000)),
      link,
    });
    for (const to of await staffRecipients(tx)) {
      await enqueueEmail(tx, { kind: "contact-new-message", to, ...summary, log: { link } });
    }
    return message.id;
  });
  void kickEmailDelivery();
  return { stored: true, id };
}
