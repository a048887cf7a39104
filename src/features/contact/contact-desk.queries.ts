import "server-only";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { contactMessageEvents, contactMessages } from "@/db/schema/contact";
import { emailOutbox } from "@/db/schema/email";
import type { ContactStatus } from "./contact.fields";

export interface InboxMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  category: string;
  status: ContactStatus;
  createdAt: Date;
}

export interface ThreadEvent {
  id: number;
  kind: "reply" | "note";
  authorEmail: string;
  body: string;
  createdAt: Date;
  /** For replies: where the email stands in the outbox (null when the outbox row is gone). */
  delivery: "pending" | "sent" | "failed" | "expired" | null;
}

export interface MessageThread {
  message: InboxMessage & { phone: string | null; message: string };
  events: ThreadEvent[];
  /** The member account whose confirmed address wrote the message, to open from the thread; null for none. */
  senderAccountId: string | null;
}

export const INBOX_PAGE_SIZE = 100;

/** The newest messages first, optionally of one status, with the total of that filter. */
export async function listInbox(db: Database, status?: ContactStatus): Promise<{ total: number; messages: InboxMessage[] }> {
  const where = status ? eq(contactMessages.status, status) : undefined;
  const [[total], messages] = await Promise.all([
    db.select({ count: count() }).from(contactMessages).where(where),
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        category: contactMessages.category,
        status: contactMessages.status,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE),
  ]);
  return { total: total?.count ?? 0, messages };
}

/** One message and its thread, oldest first; null when there is no such message. */
export async function getThread(db: Database, id: number): Promise<MessageThread | null> {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) return null;
  // Only a confirmed address: anyone can type someone else's into the contact form or a sign-up.
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, message.email.toLowerCase()), eq(user.emailVerified, true)));
  const events = await db
    .select({
      id: contactMessageEvents.id,
      kind: contactMessageEvents.kind,
      authorEmail: contactMessageEvents.authorEmail,
      body: contactMessageEvents.body,
      createdAt: contactMessageEvents.createdAt,
      delivery: emailOutbox.status,
    })
    .from(contactMessageEvents)
    .leftJoin(emailOutbox, eq(emailOutbox.id, contactMessageEvents.emailId))
    .where(eq(contactMessageEvents.messageId, id))
    .orderBy(asc(contactMessageEvents.createdAt), asc(contactMessageEvents.id));
  return {
    message: {
      id: message.id,
      name: message.name,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      message: message.message,
      category: message.category,
      status: message.status,
      createdAt: message.createdAt,
    },
    events,
    senderAccountId: account?.id ?? null,
  };
}
