/** The inbox's actions as staff use them: the form's rules (empty, too long, control characters, unknown ids) and the audit. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { contactMessageEvents, contactMessages } from "@/db/schema/contact";
import { emailOutbox } from "@/db/schema/email";
import { auditLog } from "@/db/schema/staff";
import type { CurrentMember } from "@/lib/auth/session";
import { NOT_ALLOWED } from "@/lib/staff-action";
import { idleState } from "@/lib/form-state";
import { CONTROL_CHARACTERS_MESSAGE } from "@/lib/text-fields";
import { testDb } from "../../../../test/db";
import { MESSAGE_NOT_FOUND } from "../contact-desk.service";
import { addNoteAction, replyToMessageAction, setMessageStatusAction } from "./contact.staff-actions";
import { form } from "../../../../test/form";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

let messageId = "";

async function counts() {
  const [message] = await testDb().select({ status: contactMessages.status }).from(contactMessages).where(eq(contactMessages.id, Number(messageId)));
  return { mail: await testDb().$count(emailOutbox), events: await testDb().$count(contactMessageEvents), audit: await testDb().$count(auditLog), status: message?.status };
}

beforeEach(async () => {
  const id = randomUUID();
  const email = `staff-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true, role: "staff" });
  signedIn.member = { id, email, displayName: null, emailVerified: true, role: "staff" };
  const [row] = await testDb()
    .insert(contactMessages)
    .values({ name: "Dana Reyes", email: "dana@example.com", subject: "Hello", message: "Hi there", category: "general" })
    .returning({ id: contactMessages.id });
  messageId = String(row!.id);
});

describe("the inbox's staff actions", () => {
  it("reply, note, close: each answers with a clear message and is audited under the staff member's address", async () => {
    expect(await replyToMessageAction(idleState, form({ id: messageId, body: "Thanks, Dana." }))).toEqual({
      status: "success",
      data: { message: "Reply sent to dana@example.com. The message is marked answered." },
    });
    expect(await addNoteAction(idleState, form({ id: messageId, body: "Follow up Friday." }))).toMatchObject({ status: "success" });
    expect(await setMessageStatusAction(idleState, form({ id: messageId, status: "closed" }))).toEqual({ status: "success", data: { message: "Message closed." } });
    expect(await setMessageStatusAction(idleState, form({ id: messageId, status: "closed" }))).toEqual({ status: "success", data: { message: "The message was already closed." } });
    const entries = await testDb().select().from(auditLog).where(eq(auditLog.recordId, messageId));
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ["message.reply", signedIn.member!.email],
      ["message.note", signedIn.member!.email],
      ["message.close", signedIn.member!.email],
    ]);
  });

  it("keep a reply's line breaks as plain line feeds (browsers post CRLF)", async () => {
    await replyToMessageAction(idleState, form({ id: messageId, body: "Line one\r\nLine two\rLine three" }));
    const [event] = await testDb().select().from(contactMessageEvents).where(eq(contactMessageEvents.messageId, Number(messageId)));
    expect(event?.body).toBe("Line one\nLine two\nLine three");
  });

  it("refuse bad input next to the field, and change nothing", async () => {
    const before = await counts();
    const cases: [Record<string, string>, string][] = [
      [{ body: "" }, "Write your reply before sending it."],
      [{ body: "   \n  " }, "Write your reply before sending it."],
      [{ body: "x".repeat(10_001) }, "Keep it under 10,000 characters."],
      [{ body: "Hello\u0000" }, CONTROL_CHARACTERS_MESSAGE],
      [{ body: "Bell\u0007" }, CONTROL_CHARACTERS_MESSAGE],
    ];
    for (const [fields, message] of cases) {
      const state = await replyToMessageAction(idleState, form({ id: messageId, ...fields }));
      expect(state, JSON.stringify(fields).slice(0, 40)).toMatchObject({ status: "error", fieldErrors: { body: message } });
    }
    expect(await addNoteAction(idleState, form({ id: messageId, body: "" }))).toMatchObject({ status: "error", fieldErrors: { body: "Write the note before saving it." } });
    expect(await setMessageStatusAction(idleState, form({ id: messageId, status: "deleted" }))).toMatchObject({ status: "error", fieldErrors: { status: "Choose close or reopen." } });
    expect(await counts()).toEqual(before);
  });

  it("refuse unknown or malformed ids above the form, and change nothing", async () => {
    const before = await counts();
    for (const id of ["999999", "abc", "-1", "", "1; drop table user"]) {
      expect(await replyToMessageAction(idleState, form({ id, body: "Hi" })), id).toMatchObject({ status: "error", formError: MESSAGE_NOT_FOUND });
      expect(await addNoteAction(idleState, form({ id, body: "Hi" })), id).toMatchObject({ status: "error", formError: MESSAGE_NOT_FOUND });
      expect(await setMessageStatusAction(idleState, form({ id, status: "closed" })), id).toMatchObject({ status: "error", formError: MESSAGE_NOT_FOUND });
    }
    expect(await replyToMessageAction(idleState, form({ body: "Hi" }))).toMatchObject({ status: "error", formError: MESSAGE_NOT_FOUND });
    expect(await counts()).toEqual(before);
  });

  it("refuse a door volunteer, and change nothing", async () => {
    signedIn.member = { ...signedIn.member!, role: "door" };
    const before = await counts();
    expect(await replyToMessageAction(idleState, form({ id: messageId, body: "Hi" }))).toMatchObject({ status: "error", formError: NOT_ALLOWED });
    expect(await counts()).toEqual(before);
  });
});
