import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { account as credential, user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { csvImports } from "@/db/schema/imports";
import { memberProfiles } from "@/db/schema/members";
import { memberships } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import { getAuth } from "@/lib/auth/auth";
import { csvText } from "@/lib/csv";
import { confirmUpload, NOTHING_TO_IMPORT, PLAN_CHANGED, previewUpload, storeUpload, UPLOAD_EXPIRED, type ImportPreview } from "@/lib/csv-import/csv-import.service";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { membersCsv } from "./members-csv.queries";
import { MEMBER_COLUMNS } from "./members-csv";
import { membersImport } from "./members-import.service";
import { requestPasswordReset, resetPassword, signInMember } from "./members.service";

const NOW = new Date("2027-03-10T18:00:00Z");
const HEADER = MEMBER_COLUMNS.map((column) => column.header);

async function staffMember(): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `importer-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Importer", email, emailVerified: true, role: "staff" });
  return { id, email };
}

async function existingMember(values: { name?: string; plan?: "premium" | "elite"; renewsOn?: Date; status?: "veteran" | "civilian" } = {}) {
  const id = randomUUID();
  const email = `member-${id.slice(0, 8)}@example.com`;
  await testDb().insert(user).values({ id, name: values.name ?? "Pat Member", email, emailVerified: true });
  if (values.plan) await testDb().insert(memberships).values({ userId: id, plan: values.plan, startedAt: new Date("2026-01-01T06:00:00Z"), renewsOn: values.renewsOn! });
  if (values.status) await testDb().insert(memberProfiles).values({ userId: id, militaryStatus: values.status });
  return { id, email };
}

const file = (rows: (string | null)[][], header: readonly string[] = HEADER) => ({ name: "members.csv", bytes: new TextEncoder().encode(csvText(header, rows)) });

async function preview(staff: { id: string; email: string }, csv: { name: string; bytes: Uint8Array }, now = NOW) {
  const token = await storeUpload(testDb(), membersImport, staff, csv, {}, now);
  const shown = (await previewUpload(testDb(), membersImport, staff.id, token, now)) as Extract<ImportPreview, { state: "planned" }>;
  expect(shown.state).toBe("planned");
  return { token, shown };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

const outcomes = (shown: { rows: { row: number; outcome: string; details: string[] }[] }) => shown.rows.map(({ row, outcome, details }) => [row, outcome, details]);

describe("the members import's preview", () => {
  it("says row by row what it would create, change, leave and refuse, and why; nothing is written", async () => {
    const staff = await staffMember();
    const premium = await existingMember({ plan: "premium", renewsOn: new Date("2027-06-30T15:00:00Z"), status: "veteran" });
    const basic = await existingMember({ name: "Sam Old" });
    const lapsed = await existingMember({ plan: "elite", renewsOn: new Date("2025-01-01T06:00:00Z") });
    const fresh = `new-${randomUUID().slice(0, 8)}@example.com`;
    const { shown } = await preview(
      staff,
      file([
        [fresh.toUpperCase(), "Jo New", "Premium", "6/30/2027", "Reserve/Guard"],
        [premium.email, "Pat Member", "Premium", "2027-06-30", "Veteran"],
        [basic.email, "Sam New", "Elite", "2028-01-31", "civilian"],
        [premium.email, "", "Basic", "", ""],
        [lapsed.email, "", "Basic", "", ""],
        ["not-an-address", "X", "Gold", "31/31/2027", "Marine"],
        [`${randomUUID()}@example.com`, "", "", "", ""],
        [`${randomUUID()}@example.com`, "No Plan", "", "2027-01-01", ""],
        [`${randomUUID()}@example.com`, "Paid", "Elite", "", ""],
        [fresh, "Again", "", "", ""],
      ]),
    );
    expect(outcomes(shown)).toEqual([
      [2, "create", ["Name: Jo New", "Plan: Premium, expires 2027-06-30", "Service status: Reserve/Guard", expect.stringContaining("No password and no email")]],
      [3, "unchanged", []],
      [4, "change", ["Name: Sam Old → Sam New", "Plan: Basic → Elite, expires 2028-01-31", "Service status: (none) → Civilian"]],
      [5, "refused", ["The same email address as row 3: each appears once in a file."]],
      [6, "unchanged", []],
      [
        7,
        "refused",
        [
          "“not-an-address” is not an email address.",
          "Plan “Gold” is not Basic, Premium or Elite.",
          "Expires “31/31/2027” is not a date: write it as 2027-06-30 or 6/30/2027.",
          expect.stringMatching(/^Service status “Marine” is not one of: Active Duty, Veteran/),
        ],
      ],
      [8, "refused", ["A new account needs a name (Name)."]],
      [9, "refused", ["An expiry needs its plan (Premium or Elite) in the Plan column."]],
      [10, "refused", ["An Elite membership needs the day it expires (Expires)."]],
      [11, "refused", ["The same email address as row 2: each appears once in a file."]],
    ]);
    expect(shown.counts).toEqual({ create: 1, change: 1, unchanged: 2, refused: 6 });
    expect(await testDb().$count(user, eq(user.email, fresh))).toBe(0);
    expect((await testDb().select({ name: user.name }).from(user).where(eq(user.id, basic.id)))[0]?.name).toBe("Sam Old");
  });

  it("never ends or shortens a membership, which may have been paid here since the file was made", async () => {
    const staff = await staffMember();
    const running = await existingMember({ plan: "premium", renewsOn: new Date("2027-06-30T15:00:00Z") });
    const other = await existingMember({ plan: "elite", renewsOn: new Date("2027-09-01T15:00:00Z") });
    const { shown } = await preview(staff, file([[running.email, "", "Basic", "", ""], [other.email, "", "Premium", "2027-08-31", ""]]));
    expect(outcomes(shown)).toEqual([
      [2, "refused", ["Has Premium, expires 2027-06-30 here: an import never ends or shortens a membership. Change it on the member's page if it must."]],
      [3, "refused", ["Has Elite, expires 2027-09-01 here: an import never ends or shortens a membership. Change it on the member's page if it must."]],
    ]);
  });

  it("refuses a file it cannot read, beside the file field, and keeps nothing", async () => {
    const staff = await staffMember();
    const before = await testDb().$count(csvImports, eq(csvImports.staffId, staff.id));
    const cases: [{ name: string; bytes: Uint8Array }, RegExp][] = [
      [{ name: "empty.csv", bytes: new Uint8Array() }, /^Choose the CSV file/],
      [{ name: "big.csv", bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41) }, /^This file is 5\.0 MB: an import takes at most 5 MB/],
      [{ name: "photo.png", bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0]) }, /binary data/],
      [file([["a@example.com"]], ["Name"]), /^The file has no “Email” column\. Its first row must name the columns: Email, Name, Plan, Expires, Service status \(it names “Name”\)\.$/],
      [file([], HEADER), /no rows to import/],
      [{ name: "open.csv", bytes: new TextEncoder().encode('Email\n"a@example.com\n') }, /^Row 2: a quoted cell is never closed/],
    ];
    for (const [csv, message] of cases) {
      const error = await storeUpload(testDb(), membersImport, staff, csv, {}, NOW).then(() => undefined, (e: unknown) => e);
      expect(error, csv.name).toBeInstanceOf(FormError);
      expect((error as FormError).message, csv.name).toMatch(message);
      expect((error as FormError).field, csv.name).toBe("file");
    }
    expect(await testDb().$count(csvImports, eq(csvImports.staffId, staff.id))).toBe(before);
  });

  it("shows an upload only to the staff member who made it, and not after it expires", async () => {
    const staff = await staffMember();
    const other = await staffMember();
    const { token } = await preview(staff, file([[`${randomUUID()}@example.com`, "A", "", "", ""]]));
    expect(await previewUpload(testDb(), membersImport, other.id, token, NOW)).toBeNull();
    expect(await previewUpload(testDb(), membersImport, staff.id, "not a token", NOW)).toBeNull();
    const later = new Date(NOW.getTime() + 13 * 60 * 60 * 1000);
    expect(await previewUpload(testDb(), membersImport, staff.id, token, later)).toBeNull();
    expect(await refusal(confirmUpload(testDb(), membersImport, other, token, "x", NOW))).toBe(UPLOAD_EXPIRED);
  });
});

describe("confirming a members import", () => {
  it("creates accounts without a password or email, records changes and the audit, and a second press changes nothing more", async () => {
    const staff = await staffMember();
    const basic = await existingMember({ name: "Sam Old" });
    const fresh = `new-${randomUUID().slice(0, 8)}@example.com`;
    const { token, shown } = await preview(staff, file([[fresh, "Jo New", "Elite", "2027-12-31", "Veteran"], [basic.email, "Sam New", "Premium", "2027-04-01", ""]]));
    const mailBefore = await testDb().$count(emailOutbox);

    const result = await confirmUpload(testDb(), membersImport, staff, token, shown.digest, NOW);
    expect(result.counts).toEqual({ create: 1, change: 1, unchanged: 0, refused: 0 });

    const [created] = await testDb()
      .select({ id: user.id, name: user.name, emailVerified: user.emailVerified, plan: memberships.plan, renewsOn: memberships.renewsOn, orderId: memberships.orderId, status: memberProfiles.militaryStatus })
      .from(user)
      .leftJoin(memberships, eq(memberships.userId, user.id))
      .leftJoin(memberProfiles, eq(memberProfiles.userId, user.id))
      .where(eq(user.email, fresh));
    // The expiry day begins in Central Time (CST, UTC-6, on December 31).
    expect(created).toMatchObject({ name: "Jo New", emailVerified: false, plan: "elite", renewsOn: new Date("2027-12-31T06:00:00Z"), orderId: null, status: "veteran" });
    expect(created!.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await testDb().$count(credential, eq(credential.userId, created!.id))).toBe(0);
    expect(await testDb().select({ name: user.name }).from(user).where(eq(user.id, basic.id))).toEqual([{ name: "Sam New" }]);
    expect(await testDb().select({ plan: memberships.plan, renewsOn: memberships.renewsOn }).from(memberships).where(eq(memberships.userId, basic.id))).toEqual([
      { plan: "premium", renewsOn: new Date("2027-04-01T05:00:00Z") },
    ]);
    // No email of any kind: not a welcome, not a confirmation.
    expect(await testDb().$count(emailOutbox)).toBe(mailBefore);

    const audit = await testDb().select({ action: auditLog.action, recordId: auditLog.recordId, before: auditLog.before, after: auditLog.after }).from(auditLog).where(inArray(auditLog.recordId, [created!.id, basic.id]));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "member.import", recordId: created!.id, before: null, after: expect.objectContaining({ email: fresh, plan: "elite", expires: "2027-12-31", serviceStatus: "veteran" }) },
        { action: "member.import", recordId: basic.id, before: { name: "Sam Old", plan: "basic", expires: null }, after: expect.objectContaining({ name: "Sam New", plan: "premium", expires: "2027-04-01" }) },
      ]),
    );
    const [summary] = await testDb().select({ actorEmail: auditLog.actorEmail, after: auditLog.after }).from(auditLog).where(and(eq(auditLog.action, "import.members"), eq(auditLog.actorEmail, staff.email)));
    expect(summary?.after).toMatchObject({ file: "members.csv", rows: 2, create: 1, change: 1 });

    // A double submit: the same outcome, nothing written twice.
    expect(await confirmUpload(testDb(), membersImport, staff, token, shown.digest, NOW)).toEqual(result);
    expect(await testDb().$count(auditLog, and(eq(auditLog.action, "import.members"), eq(auditLog.actorEmail, staff.email)))).toBe(1);
    const applied = await previewUpload(testDb(), membersImport, staff.id, token, NOW);
    expect(applied).toMatchObject({ state: "applied", result });
  });

  it("writes nothing when the data changed after the preview, and shows the new plan", async () => {
    const staff = await staffMember();
    const fresh = `race-${randomUUID().slice(0, 8)}@example.com`;
    const { token, shown } = await preview(staff, file([[fresh, "Jo New", "", "", ""]]));
    // Someone signs up with that address before staff confirm.
    await testDb().insert(user).values({ id: randomUUID(), name: "Jo Self", email: fresh, emailVerified: true });
    expect(await refusal(confirmUpload(testDb(), membersImport, staff, token, shown.digest, NOW))).toBe(PLAN_CHANGED);
    expect(await testDb().select({ name: user.name }).from(user).where(eq(user.email, fresh))).toEqual([{ name: "Jo Self" }]);
    const again = (await previewUpload(testDb(), membersImport, staff.id, token, NOW)) as Extract<ImportPreview, { state: "planned" }>;
    expect(outcomes(again)).toEqual([[2, "change", ["Name: Jo Self → Jo New"]]]);
  });

  it("lets an imported member set a password with Forgot password, then sign in", async () => {
    const staff = await staffMember();
    const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
    const { token, shown } = await preview(staff, file([[email, "Jo Imported", "", "", ""]]));
    await confirmUpload(testDb(), membersImport, staff, token, shown.digest, NOW);
    const deps = () => ({ db: getDb(), auth: getAuth(), headers: new Headers({ "x-forwarded-for": "203.0.113.77", "user-agent": "vitest" }) });
    await requestPasswordReset(deps(), { email });
    const [mail] = await testDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")));
    const resetToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail!.textBody)![1]!);
    const password = "imported member passphrase";
    await resetPassword(deps(), { token: resetToken, password, confirmPassword: password });
    const [row] = await testDb().select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await signInMember(deps(), { email, password })).toEqual({ userId: row!.id });
  });
});

describe("members export and import", () => {
  it("an export imported back changes nothing", async () => {
    const staff = await staffMember();
    await existingMember({ plan: "premium", renewsOn: new Date("2027-06-30T23:30:00Z"), status: "veteran" });
    await existingMember({ name: "=cmd|' /C calc'!A0" });
    const csv = await membersCsv(testDb());
    const { shown } = await preview(staff, { name: "export.csv", bytes: new TextEncoder().encode(csv) });
    expect(shown.counts.create + shown.counts.change + shown.counts.refused).toBe(0);
    expect(shown.counts.unchanged).toBe(csv.trimEnd().split("\r\n").length - 1);
  });
});

describe("a 10,000-row members file on PostgreSQL", () => {
  it("imports in seconds, and the same file again changes nothing", async () => {
    const staff = await staffMember();
    const batch = randomUUID().slice(0, 8);
    const plans = ["Basic", "Premium", "Elite"] as const;
    const statuses = ["", "Veteran", "Active Duty", "Reserve/Guard", "Military Family", "Civilian"];
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const plan = plans[i % 3]!;
      return [`bulk-${batch}-${i}@example.org`, `Member ${i}`, plan, plan === "Basic" ? "" : `2027-${String((i % 12) + 1).padStart(2, "0")}-15`, statuses[i % statuses.length]!];
    });
    const csv = file(rows);
    const imported = () => testDb().$count(user, like(user.email, `bulk-${batch}-%`));

    let started = performance.now();
    const first = await preview(staff, csv);
    const previewed = performance.now() - started;
    expect(first.shown.counts).toEqual({ create: 10_000, change: 0, unchanged: 0, refused: 0 });
    started = performance.now();
    const result = await confirmUpload(testDb(), membersImport, staff, first.token, first.shown.digest, NOW);
    const confirmed = performance.now() - started;
    expect(result.counts.create).toBe(10_000);
    expect(await imported()).toBe(10_000);
    const [paid] = await testDb()
      .select({ premium: sql<number>`count(*) filter (where ${memberships.plan} = 'premium')`.mapWith(Number), elite: sql<number>`count(*) filter (where ${memberships.plan} = 'elite')`.mapWith(Number) })
      .from(memberships)
      .innerJoin(user, eq(user.id, memberships.userId))
      .where(like(user.email, `bulk-${batch}-%`));
    expect(paid).toEqual({ premium: 3_333, elite: 3_333 });
    expect(await testDb().$count(auditLog, and(eq(auditLog.action, "member.import"), eq(auditLog.actorEmail, staff.email)))).toBe(10_000);

    // The same file again: every row unchanged, nothing to confirm, nothing written.
    started = performance.now();
    const again = await preview(staff, csv);
    const reviewed = performance.now() - started;
    expect(again.shown.counts).toEqual({ create: 0, change: 0, unchanged: 10_000, refused: 0 });
    const auditBefore = await testDb().$count(auditLog);
    expect(await refusal(confirmUpload(testDb(), membersImport, staff, again.token, again.shown.digest, NOW))).toBe(NOTHING_TO_IMPORT);
    expect(await imported()).toBe(10_000);
    expect(await testDb().$count(auditLog)).toBe(auditBefore);
    // eslint-disable-next-line no-console -- the figures this test exists to show (docs/testing.md)
    console.log(
      `[members import] 10,000 rows: upload and preview ${(previewed / 1000).toFixed(1)} s, confirm ${(confirmed / 1000).toFixed(1)} s; the same file again: preview ${(reviewed / 1000).toFixed(1)} s, nothing to write`,
    );
    expect(previewed + confirmed).toBeLessThan(60_000);
  }, 120_000);
});
