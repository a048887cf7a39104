import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { contactMessageEvents, contactMessages } from "@/db/schema/contact";
import { emailOutbox } from "@/db/schema/email";
import { auditLog } from "@/db/schema/staff";
import { listAudit } from "@/lib/audit.service";
import { FormError } from "@/lib/form-state";
import { site } from "@/lib/site";
import type { Database } from "@/db/client";
import { ownDatabase } from "../../../test/db";
import { getThread, listInbox } from "./contact-desk.queries";
import { MESSAGE_NOT_FOUND, addNote, parseMessageId, replyToMessage, setMessageStatus } from "./contact-desk.service";
import { submitContactMessage } from "./contact.service";
import { fromNow } from "../../../test/time";

async function account(role: string | null, banned = false): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${role ?? "member"}-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Sam", email, emailVerified: true, role, banned });
  return { id, email };
}

const input = {
  name: "Jordan Hayes",
  email: "Jordan.Hayes@Example.com",
  phone: null,
  subject: "Ruck march question",
  message: "Can my spouse join the ruck march?\nShe is not a veteran.",
  category: "training" as const,
  privacy: "on" as const,
};

async function newMessage(subject = input.subject): Promise<number> {
  const outcome = await submitContactMessage(testDb(), { ...input, subject });
  if (!outcome.stored) throw new Error("not stored");
  return outcome.id;
}

async function outbox(kind: string) {
  return testDb().select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(emailOutbox.id);
}

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

// Staff notices go to every staff account and the tests count whole tables (messages, outbox, audit):
// each test gets a database of its own, a fresh clone of the seeded template.
let db: Database;
beforeEach(async () => {
  db = await ownDatabase();
});
const testDb = () => db;

describe("a new message from the contact form", () => {
  it("is stored, emails every staff and admin account (not door volunteers, members or disabled accounts), and acknowledges it to the sender", async () => {
    const staff = await account("staff");
    const admin = await account("admin");
    await account("door");
    await account(null);
    await account("staff", true);
    const id = await newMessage();

    const [stored] = await testDb().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ status: "new", email: "jordan.hayes@example.com" });

    const notices = await outbox("contact-new-message");
    expect(notices.map((m) => m.toAddress).sort()).toEqual([staff.email, admin.email].sort());
    expect(notices[0]!.subject).toBe(`New message: ${input.subject}`);
    expect(notices[0]!.textBody).toContain(`/admin/messages/${id}`);
    expect(notices[0]!.textBody).toContain("Jordan Hayes <jordan.hayes@example.com>");
    expect(notices[0]!.textBody).toMatch(/please reply by \w{3} \d+, \d{4}/);

    const [ack, ...more] = await outbox("contact-acknowledgement");
    expect(more).toEqual([]);
    expect(ack).toMatchObject({ toAddress: "jordan.hayes@example.com", replyTo: site.email, status: "pending" });
    expect(ack!.textBody).toContain(site.responsePromise);
    // The form takes any address: nothing the visitor typed is repeated to it.
    expect(ack!.textBody).not.toContain("ruck march");
    expect(ack!.textBody).not.toContain("Jordan");
  });

  it("acknowledges at most three messages an hour to one mailbox, so the form cannot be used to flood a stranger; all are stored and staff hear of each", async () => {
    for (let i = 0; i < 5; i++) await newMessage(`Question ${i}`);
    expect(await testDb().$count(contactMessages)).toBe(5);
    expect((await outbox("contact-acknowledgement")).map((m) => m.toAddress)).toEqual(Array(3).fill("jordan.hayes@example.com"));
    expect(await outbox("contact-new-message")).toHaveLength(5);
  });

  it("goes to the association's own address while no one has a staff role", async () => {
    await newMessage();
    expect((await outbox("contact-new-message")).map((m) => m.toAddress)).toEqual([site.email]);
  });

  it("from a bot (honeypot filled) stores and sends nothing", async () => {
    const outcome = await submitContactMessage(testDb(), { ...input, website: "http://spam.example" });
    expect(outcome).toEqual({ stored: false, reason: "honeypot" });
    expect(await testDb().$count(contactMessages)).toBe(0);
    expect(await testDb().$count(emailOutbox)).toBe(0);
  });
});

describe("the staff inbox", () => {
  it("lists messages newest first and filters by status", async () => {
    const first = await newMessage("First");
    const second = await newMessage("Second");
    await testDb().update(contactMessages).set({ createdAt: fromNow(-60_000) }).where(eq(contactMessages.id, first));
    const staff = await account("staff");
    await setMessageStatus(testDb(), staff, { id: String(first), status: "closed" });
    expect((await listInbox(testDb())).messages.map((m) => m.id)).toEqual([second, first]);
    expect(await listInbox(testDb(), "closed")).toMatchObject({ total: 1, messages: [{ id: first, status: "closed" }] });
    expect((await listInbox(testDb(), "new")).messages.map((m) => m.id)).toEqual([second]);
  });

  it("a reply is kept in the thread, queued to the sender with replies to the association, marks the message answered and is audited", async () => {
    const id = await newMessage();
    const staff = await account("staff");
    const body = "Yes, spouses are welcome.\nBring water.";
    expect(await replyToMessage(testDb(), staff, { id: String(id), body })).toEqual({ messageId: id, to: "jordan.hayes@example.com" });

    const [mail, ...more] = await outbox("contact-reply");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ toAddress: "jordan.hayes@example.com", replyTo: site.email, subject: `Re: ${input.subject}`, status: "pending" });
    expect(mail!.textBody).toContain(body);
    expect(mail!.textBody).toContain("> Can my spouse join the ruck march?\n> She is not a veteran.");

    const thread = await getThread(testDb(), id);
    expect(thread?.message.status).toBe("answered");
    expect(thread?.events).toEqual([expect.objectContaining({ kind: "reply", authorEmail: staff.email, body, delivery: "pending" })]);
    const [event] = await testDb().select().from(contactMessageEvents).where(eq(contactMessageEvents.messageId, id));
    expect(event).toMatchObject({ authorId: staff.id, emailId: mail!.id });

    const audit = await listAudit(testDb(), { recordType: "contact_message", recordId: String(id) });
    expect(audit.map(({ actorEmail, action, before, after }) => ({ actorEmail, action, before, after }))).toEqual([
      { actorEmail: staff.email, action: "message.reply", before: { status: "new" }, after: { status: "answered", replyId: event!.id, emailId: mail!.id } },
    ]);
  });

  it("a note is kept in the thread and audited, but never emailed, and leaves the status alone", async () => {
    const id = await newMessage();
    const staff = await account("staff");
    const mailBefore = await testDb().$count(emailOutbox);
    await addNote(testDb(), staff, { id: String(id), body: "Called her back; waiting on the roster." });
    expect(await testDb().$count(emailOutbox)).toBe(mailBefore);
    const thread = await getThread(testDb(), id);
    expect(thread?.message.status).toBe("new");
    expect(thread?.events).toEqual([expect.objectContaining({ kind: "note", authorEmail: staff.email, delivery: null })]);
    expect((await listAudit(testDb(), { recordType: "contact_message" })).map((a) => a.action)).toEqual(["message.note"]);
  });

  it("closes and reopens (to new without a reply, to answered with one); asking for the same status records nothing", async () => {
    const id = await newMessage();
    const staff = await account("staff");
    expect(await setMessageStatus(testDb(), staff, { id: String(id), status: "closed" })).toEqual({ messageId: id, status: "closed", changed: true });
    expect(await setMessageStatus(testDb(), staff, { id: String(id), status: "closed" })).toEqual({ messageId: id, status: "closed", changed: false });
    expect(await setMessageStatus(testDb(), staff, { id: String(id), status: "open" })).toEqual({ messageId: id, status: "new", changed: true });
    await replyToMessage(testDb(), staff, { id: String(id), body: "Done." });
    await setMessageStatus(testDb(), staff, { id: String(id), status: "closed" });
    expect(await setMessageStatus(testDb(), staff, { id: String(id), status: "open" })).toMatchObject({ status: "answered", changed: true });
    const audit = await listAudit(testDb(), { recordType: "contact_message", recordId: String(id) });
    expect(audit.map((a) => [a.action, a.before, a.after]).reverse()).toEqual([
      ["message.close", { status: "new" }, { status: "closed" }],
      ["message.reopen", { status: "closed" }, { status: "new" }],
      ["message.reply", { status: "new" }, expect.objectContaining({ status: "answered" })],
      ["message.close", { status: "answered" }, { status: "closed" }],
      ["message.reopen", { status: "closed" }, { status: "answered" }],
    ]);
  });

  it("refuses unknown and malformed ids with one clear message and changes nothing", async () => {
    await newMessage();
    const staff = await account("staff");
    const before = { mail: await testDb().$count(emailOutbox), events: await testDb().$count(contactMessageEvents), audit: await testDb().$count(auditLog) };
    for (const id of [undefined, "", "abc", "0", "-1", "1.5", "1e3", "2147483648", "99999999999", "999999"]) {
      expect((await refusal(replyToMessage(testDb(), staff, { id, body: "Hi" }))).message, String(id)).toBe(MESSAGE_NOT_FOUND);
      expect((await refusal(addNote(testDb(), staff, { id, body: "Hi" }))).message, String(id)).toBe(MESSAGE_NOT_FOUND);
      expect((await refusal(setMessageStatus(testDb(), staff, { id, status: "closed" }))).message, String(id)).toBe(MESSAGE_NOT_FOUND);
    }
    expect({ mail: await testDb().$count(emailOutbox), events: await testDb().$count(contactMessageEvents), audit: await testDb().$count(auditLog) }).toEqual(before);
    const [message] = await testDb().select({ status: contactMessages.status }).from(contactMessages);
    expect(message?.status).toBe("new");
  });

  it("parses ids strictly", () => {
    expect(parseMessageId("12")).toBe(12);
    expect(parseMessageId("2147483647")).toBe(2_147_483_647);
    for (const bad of ["012", " 1", "1 ", "+1", "0x1", "2147483648", 1, null]) expect(parseMessageId(bad), String(bad)).toBeNull();
  });

  it("a thread of an unknown message is null", async () => {
    expect(await getThread(testDb(), 424242)).toBeNull();
    expect(await testDb().select().from(contactMessageEvents).where(and(eq(contactMessageEvents.messageId, 424242)))).toEqual([]);
  });
});
