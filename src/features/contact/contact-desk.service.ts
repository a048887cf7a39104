import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { contactMessageEvents, contactMessages } from "@/db/schema/contact";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import type { ContactStatus } from "./contact.fields";
import type { StatusInput, ThreadInput } from "./contact-desk.schema";
import { replyEmail } from "./emails/contact-emails";
import { formatShortDateTimeZone } from "@/lib/time";

export const MESSAGE_NOT_FOUND = "This message does not exist. Go back to the inbox and choose another.";

/** A message id from a URL or a form: a positive 32-bit integer written plainly, else null. */
export function parseMessageId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The message, locked for this transaction; a FormError (nothing changed) when there is none. */
async function lockMessage(tx: Transaction, rawId: string | undefined) {
  const id = parseMessageId(rawId);
  if (id === null) throw new FormError(MESSAGE_NOT_FOUND);
  const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
  if (!message) throw new FormError(MESSAGE_NOT_FOUND);
  return message;
}

const record = (id: number) => ({ recordType: "contact_message", recordId: String(id) });

/**
 * Emails a reply to the sender (through the outbox, replies going to the association's address, EMAIL_REPLY_TO),
 * keeps it in the thread, and marks the message answered, with an audit record, all in one transaction.
 */
export async function replyToMessage(db: Database, actor: Actor, input: ThreadInput): Promise<{ messageId: number; to: string }> {
  const result = await db.transaction(async (tx) => {
    const message = await lockMessage(tx, input.id);
    const emailId = await enqueueEmail(tx, {
      kind: "contact-reply",
      to: message.email,
      ...replyEmail({ body: input.body, subject: message.subject, name: message.name, originalMessage: message.message, sentAt: formatShortDateTimeZone(message.createdAt) }),
    });
    const [event] = await tx
      .insert(contactMessageEvents)
      .values({ messageId: message.id, kind: "reply", authorId: actor.id, authorEmail: actor.email, body: input.body, emailId })
      .returning({ id: contactMessageEvents.id });
    await tx.update(contactMessages).set({ status: "answered" }).where(eq(contactMessages.id, message.id));
    await recordAudit(tx, actor, { action: "message.reply", ...record(message.id), before: { status: message.status }, after: { status: "answered", replyId: event!.id, emailId } });
    return { messageId: message.id, to: message.email };
  });
  void kickEmailDelivery();
  return result;
}

/** An internal note: kept in the thread for staff, never emailed; the status stays as it is. */
export async function addNote(db: Database, actor: Actor, input: ThreadInput): Promise<{ messageId: number }> {
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, input.id);
    const [event] = await tx
      .insert(contactMessageEvents)
      .values({ messageId: message.id, kind: "note", authorId: actor.id, authorEmail: actor.email, body: input.body })
      .returning({ id: contactMessageEvents.id });
    await recordAudit(tx, actor, { action: "message.note", ...record(message.id), after: { noteId: event!.id } });
    return { messageId: message.id };
  });
}

/**
 * Closes a message (nothing left to do) or reopens it: back to answered when the thread holds a reply,
 * otherwise to new. Asking for the status it already has changes nothing and records nothing.
 */
export async function setMessageStatus(db: Database, actor: Actor, input: StatusInput): Promise<{ messageId: number; status: ContactStatus; changed: boolean }> {
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, input.id);
    let status: ContactStatus = "closed";
    if (input.status === "open") {
      if (message.status !== "closed") return { messageId: message.id, status: message.status, changed: false };
      const replied = await tx.$count(contactMessageEvents, and(eq(contactMessageEvents.messageId, message.id), eq(contactMessageEvents.kind, "reply")));
      status = replied > 0 ? "answered" : "new";
    }
    if (message.status === status) return { messageId: message.id, status, changed: false };
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, message.id));
    await recordAudit(tx, actor, { action: input.status === "open" ? "message.reopen" : "message.close", ...record(message.id), before: { status: message.status }, after: { status } });
    return { messageId: message.id, status, changed: true };
  });
}
