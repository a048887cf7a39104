import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { contactMessages } from "@/db/schema/contact";
import { idleState } from "@/lib/form-state";
import { site } from "@/lib/site";
import { sendContactMessageAction } from "./contact.actions";
import { SPAM_TRAP_FILLED } from "./contact.fields";
import { form } from "../../../test/form";

// The request a server action runs in: the HTTP front sets X-Forwarded-For to the socket's address.
const request = vi.hoisted(() => ({ address: "203.0.113.10" }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": request.address }) }));

const valid = {
  name: "Jordan Hayes",
  email: "Jordan.Hayes@Example.com",
  phone: "(210) 555-0199",
  subject: "Ruck march question",
  message: "Can my spouse join the ruck march?",
  category: "training",
  privacy: "on",
  website: "",
};

describe("sendContactMessageAction", () => {
  it("stores a valid message and answers with the sender's name", async () => {
    const state = await sendContactMessageAction(idleState, form(valid));
    expect(state).toEqual({ status: "success", data: { name: "Jordan Hayes" } });

    const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.subject, valid.subject));
    expect(row).toMatchObject({
      name: "Jordan Hayes",
      email: "jordan.hayes@example.com",
      phone: "(210) 555-0199",
      category: "training",
      message: valid.message,
    });
  });

  it("stores an empty optional phone as null", async () => {
    await sendContactMessageAction(idleState, form({ ...valid, phone: "", subject: "No phone" }));
    const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.subject, "No phone"));
    expect(row?.phone).toBeNull();
  });

  it("returns field errors, keeps what was typed, and stores nothing when required fields are missing", async () => {
    const before = await getDb().select().from(contactMessages);
    const state = await sendContactMessageAction(
      idleState,
      form({ name: "  ", email: "not-an-email", subject: "Hello", message: "", category: "weapons", phone: "call me" }),
    );
    expect(state.status).toBe("error");
    if (state.status !== "error") return;
    expect(Object.keys(state.fieldErrors).sort()).toEqual(["category", "email", "message", "name", "phone", "privacy"]);
    expect(state.fieldErrors.name).toBe("Name is required.");
    expect(state.fieldErrors.privacy).toMatch(/privacy policy/);
    expect(state.values).toMatchObject({ email: "not-an-email", subject: "Hello", phone: "call me" });
    expect(await getDb().select().from(contactMessages)).toHaveLength(before.length);
  });

  it("rejects over-long input with a clear message", async () => {
    const state = await sendContactMessageAction(idleState, form({ ...valid, subject: "x".repeat(151) }));
    expect(state).toMatchObject({ status: "error", fieldErrors: { subject: "Subject must be 150 characters or fewer." } });
  });

  it("refuses a filled spam trap with a message beside it, keeping what was typed, and stores nothing", async () => {
    // A person in a text browser (which shows the trap) may type into it: they are told, never silently dropped.
    const state = await sendContactMessageAction(idleState, form({ ...valid, subject: "Cheap pills", website: "http://spam.example" }));
    expect(state).toMatchObject({ status: "error", fieldErrors: { website: SPAM_TRAP_FILLED }, values: { subject: "Cheap pills", message: valid.message } });
    const rows = await getDb().select().from(contactMessages).orderBy(desc(contactMessages.id));
    expect(rows.some((r) => r.subject === "Cheap pills")).toBe(false);
  });

  it("refuses a NUL byte in any field with a message next to it, and stores nothing", async () => {
    const before = await getDb().select().from(contactMessages);
    for (const field of ["name", "subject", "message"] as const) {
      const state = await sendContactMessageAction(idleState, form({ ...valid, [field]: `Hello\u0000there` }));
      expect(state.status, field).toBe("error");
      if (state.status !== "error") return;
      expect(state.fieldErrors[field], field).toMatch(/characters we can't accept/);
      expect(state.formError, field).toBeUndefined();
    }
    expect(await getDb().select().from(contactMessages)).toHaveLength(before.length);
  });

  it("allows line breaks in the message only, and no other control characters anywhere", async () => {
    const lines = await sendContactMessageAction(idleState, form({ ...valid, subject: "Two lines", message: "Line one\r\nLine two\n\tindented" }));
    expect(lines.status).toBe("success");
    const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.subject, "Two lines"));
    expect(row?.message).toBe("Line one\r\nLine two\n\tindented");

    for (const [field, value] of [["subject", "Hi\r\nBcc: x@example.com"], ["name", "Jordan\tHayes"], ["message", "Bell\u0007"], ["message", "Escape\u001b[31m"]] as const) {
      const state = await sendContactMessageAction(idleState, form({ ...valid, [field]: value }));
      expect(state.status, value).toBe("error");
      if (state.status !== "error") return;
      expect(state.fieldErrors[field], value).toMatch(/characters we can't accept/);
    }
  });

  it("takes ten messages an hour from one address; the next gets a clear message and is not stored", async () => {
    request.address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const subject = `Flood check ${randomUUID()}`;
    for (let i = 0; i < 10; i++) expect((await sendContactMessageAction(idleState, form({ ...valid, subject }))).status).toBe("success");
    const refused = await sendContactMessageAction(idleState, form({ ...valid, subject }));
    expect(refused).toMatchObject({ status: "error", formError: `You have sent several messages in a short time. Please wait 60 minutes, or call us at ${site.phone}.` });
    expect(await getDb().$count(contactMessages, eq(contactMessages.subject, subject))).toBe(10);
    request.address = "203.0.113.10";
  });
});
