import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { csvText } from "@/lib/csv";
import { confirmUpload, NOTHING_TO_IMPORT, previewUpload, storeUpload, type ImportPreview } from "@/lib/csv-import/csv-import.service";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { SUBSCRIBER_CSV_COLUMNS, subscribersCsv } from "./newsletter-desk.queries";
import { confirmSubscription, requestSubscription } from "./newsletter.service";
import { addPaperSignUp, unsubscribeForSomeone } from "./subscribers-desk.service";
import { subscribersImport, type SubscribersImportOptions } from "./subscribers-import.service";

const NOW = new Date("2027-06-20T15:00:00Z");
const SOURCE = "Old mailing list (Mailchimp export, June 2027)";
const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

async function staffMember(): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `newsletter-importer-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Importer", email, emailVerified: true, role: "staff" });
  return { id, email };
}

const file = (rows: string[][]) => ({ name: "subscribers.csv", bytes: new TextEncoder().encode(csvText(SUBSCRIBER_CSV_COLUMNS, rows)) });

async function preview(staff: { id: string; email: string }, csv: { name: string; bytes: Uint8Array }, options: SubscribersImportOptions = { source: SOURCE, sendConfirmation: false }) {
  const token = await storeUpload(testDb(), subscribersImport, staff, csv, options, NOW);
  const shown = (await previewUpload(testDb(), subscribersImport, staff.id, token, NOW)) as Extract<ImportPreview, { state: "planned" }>;
  expect(shown.state).toBe("planned");
  return { token, shown };
}

const rowOf = async (email: string) => (await testDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const mailTo = (emails: string[]) => testDb().select({ to: emailOutbox.toAddress, kind: emailOutbox.kind, text: emailOutbox.textBody }).from(emailOutbox).where(inArray(emailOutbox.toAddress, emails));

describe("importing newsletter subscribers", () => {
  it("subscribes addresses with a consent date at once and emails nobody; refuses those without one", async () => {
    const staff = await staffMember();
    const consented = unique("consented");
    const waiting = unique("waiting");
    const already = unique("already");
    const noDate = unique("nodate");
    await requestSubscription(testDb(), waiting, NOW);
    await addPaperSignUp(testDb(), staff, { email: already, sheet: "Cookout sheet", signed: "on" }, new Date("2027-05-01T15:00:00Z"));
    const { token, shown } = await preview(
      staff,
      file([
        [consented.toUpperCase(), "Confirmed", "2027-02-01 08:00", "2027-02-01 09:30", "Ticked the box at the spring fair"],
        [waiting, "Confirmed", "", "3/1/2027 10:00 AM", ""],
        [already, "Confirmed", "", "2026-01-01 00:00", ""],
        [noDate, "Waiting for confirmation", "2027-06-01 10:00", "", ""],
        ["bad address", "", "", "2027-01-01", ""],
        [unique("future"), "", "", "2099-01-01", ""],
      ]),
    );
    expect(shown.rows.map(({ row, outcome, details }) => [row, outcome, details])).toEqual([
      [2, "create", [`Subscribed: consented 2027-02-01 09:30 Central Time (${SOURCE}: Ticked the box at the spring fair).`, "No confirmation email."]],
      [3, "change", ["Status: Waiting for confirmation → Subscribed: consented 2027-03-01 10:00 Central Time"]],
      [4, "unchanged", ["Subscribed since 2027-05-01 10:00 Central Time."]],
      [5, "refused", ["No consent date (Confirmed): add the date they agreed, or tick “Send a confirmation email” to ask them."]],
      [6, "refused", ["“bad address” is not an email address."]],
      [7, "refused", ["The consent date 2099-01-01 is in the future."]],
    ]);
    const mailBefore = await testDb().$count(emailOutbox);
    await confirmUpload(testDb(), subscribersImport, staff, token, shown.digest, NOW);
    expect(await rowOf(consented)).toMatchObject({
      confirmedAt: new Date("2027-02-01T15:30:00Z"),
      subscribedAt: new Date("2027-02-01T14:00:00Z"),
      consentSource: "imported",
      consentNote: `${SOURCE}: Ticked the box at the spring fair`,
      recordedBy: staff.email,
      confirmTokenHash: null,
    });
    expect(await rowOf(waiting)).toMatchObject({ confirmedAt: new Date("2027-03-01T16:00:00Z"), consentSource: "imported", confirmTokenHash: null, confirmExpiresAt: null });
    expect(await rowOf(already)).toMatchObject({ consentSource: "paper-sheet", consentNote: "Cookout sheet" });
    expect(await rowOf(noDate)).toBeUndefined();
    expect(await testDb().$count(emailOutbox)).toBe(mailBefore);
  });

  it("sends the ordinary confirmation email to addresses without a consent date when staff ask, once the import commits", async () => {
    const staff = await staffMember();
    const asked = unique("asked");
    const { token, shown } = await preview(staff, file([[asked, "", "", "", ""]]), { source: "Sign-up sheet, spring fair", sendConfirmation: true });
    expect(shown.rows[0]).toMatchObject({ outcome: "create", details: ["Waiting for confirmation: the confirmation email is sent when you confirm; its link works for 7 days."] });
    expect(await mailTo([asked])).toEqual([]);
    await confirmUpload(testDb(), subscribersImport, staff, token, shown.digest, NOW);
    expect(await rowOf(asked)).toMatchObject({ confirmedAt: null, consentSource: "email", recordedBy: staff.email, confirmExpiresAt: new Date("2027-06-27T15:00:00Z") });
    const mail = await mailTo([asked]);
    expect(mail).toEqual([{ to: asked, kind: "newsletter-confirmation", text: expect.stringMatching(/\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/) }]);
    // Its link confirms the address, as a footer sign-up's does.
    const link = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail[0]!.text)![1]!;
    expect(await confirmSubscription(testDb(), link, NOW)).toEqual({ email: asked });

    // The same file again: already subscribed, nothing more sent.
    const again = await preview(staff, file([[asked, "", "", "", ""]]), { source: "Sign-up sheet, spring fair", sendConfirmation: true });
    expect(again.shown.counts).toEqual({ create: 0, change: 0, unchanged: 1, refused: 0 });
    expect(await mailTo([asked])).toHaveLength(1);
  });

  it("does not add back an address staff unsubscribed at its owner's request", async () => {
    const staff = await staffMember();
    const left = unique("left");
    await addPaperSignUp(testDb(), staff, { email: left, sheet: "Sheet", signed: "on" }, NOW);
    await unsubscribeForSomeone(testDb(), staff, { email: left, request: "Phoned the office" });
    const { shown } = await preview(staff, file([[left, "Confirmed", "", "2027-01-01 10:00", ""]]));
    expect(shown.rows[0]).toMatchObject({ outcome: "refused", details: [expect.stringMatching(/^Staff unsubscribed this address at their request on .+ \(audit log\): an import does not add it back\.$/)] });
  });

  it("an export imported back changes nothing, and a re-run of a file has nothing to confirm", async () => {
    const staff = await staffMember();
    await addPaperSignUp(testDb(), staff, { email: unique("paper"), sheet: "=HYPERLINK(\"x\")", signed: "on" }, NOW);
    await requestSubscription(testDb(), unique("pending"), NOW);
    const exported = await subscribersCsv(testDb(), NOW);
    const { token, shown } = await preview(staff, { name: "export.csv", bytes: new TextEncoder().encode(exported) });
    expect(shown.counts).toEqual({ create: 0, change: 0, unchanged: exported.trimEnd().split("\r\n").length - 1, refused: 0 });
    const error = await confirmUpload(testDb(), subscribersImport, staff, token, shown.digest, NOW).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(FormError);
    expect((error as FormError).message).toBe(NOTHING_TO_IMPORT);
    expect(await testDb().$count(newsletterSubscribers, and(eq(newsletterSubscribers.consentSource, "imported"), eq(newsletterSubscribers.recordedBy, staff.email)))).toBe(0);
  });
});
