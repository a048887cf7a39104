import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { listAudit } from "@/lib/audit.service";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { paperSignUpSchema, staffUnsubscribeSchema } from "./subscribers-desk.schema";
import { addPaperSignUp, unsubscribeForSomeone } from "./subscribers-desk.service";
import { marketingConsentOf, requestSubscription } from "./newsletter.service";

const NOW = new Date("2027-06-20T15:00:00Z");
const staff = { id: null, email: "desk@example.com" };
const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const SHEET = "Veterans Day cookout sign-up sheet, Nov 11";

async function rowOf(email: string) {
  const [row] = await testDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

const auditOf = async (email: string) =>
  (await listAudit(testDb(), { recordType: "newsletter-subscriber", recordId: email })).map(({ action, actorEmail, before, after }) => ({ action, actorEmail, before, after }));

const mailTo = (email: string) => testDb().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));

describe("a paper sign-up sheet", () => {
  it("subscribes the address at once, says so in its consent record and the audit log, and sends no confirmation email", async () => {
    const email = unique("paper");
    await addPaperSignUp(testDb(), staff, { email, sheet: SHEET, signed: "on" }, NOW);
    expect(await rowOf(email)).toMatchObject({ confirmedAt: NOW, consentSource: "paper-sheet", consentNote: SHEET, recordedBy: staff.email, confirmTokenHash: null });
    expect(await marketingConsentOf(testDb(), email, NOW)).toBe("subscribed");
    expect(await mailTo(email)).toEqual([]);
    expect(await auditOf(email)).toEqual([
      { action: "newsletter.subscriber-added", actorEmail: staff.email, before: null, after: { status: "subscribed", consent: "paper sign-up sheet", sheet: SHEET } },
    ]);
  });

  it("turns a sign-up waiting for its emailed confirmation into the paper one; an address already subscribed is left alone", async () => {
    const waiting = unique("waiting");
    await requestSubscription(testDb(), waiting, NOW);
    await addPaperSignUp(testDb(), staff, { email: waiting, sheet: SHEET, signed: "on" }, NOW);
    expect(await rowOf(waiting)).toMatchObject({ confirmedAt: NOW, consentSource: "paper-sheet", confirmTokenHash: null, confirmExpiresAt: null });

    const message = await refusal(addPaperSignUp(testDb(), staff, { email: waiting, sheet: "Another sheet", signed: "on" }, NOW));
    expect(message).toMatch(new RegExp(`^${waiting} is already subscribed \\(since .+\\): nothing changed\\.$`));
    expect((await rowOf(waiting))?.consentNote).toBe(SHEET);
    expect((await auditOf(waiting)).map((entry) => entry.action)).toEqual(["newsletter.subscriber-added"]);
  });

  it("refuses a form without an address, a sheet, or the staff member's word that the person signed", () => {
    const errors = (values: Record<string, string>) => paperSignUpSchema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ email: "Jane@Example.org", sheet: SHEET, signed: "on" })).toEqual([]);
    expect(paperSignUpSchema.parse({ email: " Jane@Example.org ", sheet: SHEET, signed: "on" }).email).toBe("jane@example.org");
    expect(errors({ email: "jane@example", sheet: SHEET, signed: "on" })).toEqual(["Enter a valid email address, like name@example.com."]);
    expect(errors({ email: "jane@example.org", sheet: "  ", signed: "on" })).toEqual(["Say which sign-up sheet it is: where and when it was signed."]);
    expect(errors({ email: "jane@example.org", sheet: SHEET })).toEqual([
      "Tick the box to confirm the person wrote this address on the sheet and ticked or signed for the newsletter.",
    ]);
  });
});

describe("unsubscribing someone who asked by phone", () => {
  it("removes the address at once and audits who removed it, how they asked, and what their consent was", async () => {
    const email = unique("phoned");
    await addPaperSignUp(testDb(), staff, { email, sheet: SHEET, signed: "on" }, NOW);
    await unsubscribeForSomeone(testDb(), { id: null, email: "phone@example.com" }, { email, request: "Phoned the office" });
    expect(await rowOf(email)).toBeUndefined();
    expect((await auditOf(email)).at(0)).toEqual({
      action: "newsletter.subscriber-removed",
      actorEmail: "phone@example.com",
      before: { status: "subscribed", consent: "paper sign-up sheet", sheet: SHEET },
      after: { status: "unsubscribed", request: "Phoned the office" },
    });
  });

  it("cancels a sign-up waiting for confirmation too, and says so when the address is not on the list", async () => {
    const waiting = unique("pending");
    await requestSubscription(testDb(), waiting, NOW);
    await unsubscribeForSomeone(testDb(), staff, { email: waiting, request: "Asked at the door" });
    expect(await rowOf(waiting)).toBeUndefined();
    expect((await auditOf(waiting)).at(0)?.before).toEqual({ status: "waiting for confirmation", consent: "confirmed by email" });

    const stranger = unique("stranger");
    expect(await refusal(unsubscribeForSomeone(testDb(), staff, { email: stranger, request: "Phoned" }))).toBe(
      `${stranger} is not on the list (nor waiting to confirm): there is nothing to unsubscribe.`,
    );
    expect(await auditOf(stranger)).toEqual([]);
    expect(staffUnsubscribeSchema.safeParse({ email: stranger, request: "" }).error?.issues[0]?.message).toBe("Say how they asked, for example “Phoned the office”.");
  });
});
