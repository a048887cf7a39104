import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "@/db/schema/auth";
import { auditLog } from "@/db/schema/staff";
import { FormError } from "@/lib/form-state";
import type { Database } from "@/db/client";
import { ownDatabase, testDb } from "../../../test/db";
import { listAudit } from "@/lib/audit.service";
import { LAST_ADMIN, NO_SUCH_ACCOUNT, endSessions, listStaff, setStaffRole } from "./staff.service";
import { fromNow } from "../../../test/time";

const actor = { id: null, email: "npm run staff" };

async function newAccount(role: string | null = null, db: Database = testDb()): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `person-${id}@example.com`;
  await db.insert(user).values({ id, name: "Pat Volunteer", email, emailVerified: true, role });
  return { id, email };
}

async function roleOf(id: string, db: Database = testDb()): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id));
  return row!.role;
}

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

describe("staff roles", () => {
  it("grants a role whatever the case of the address, and records who changed what", async () => {
    const person = await newAccount();
    await setStaffRole(testDb(), actor, person.email.toUpperCase(), "staff");
    expect(await roleOf(person.id)).toBe("staff");
    const entries = await listAudit(testDb(), { recordType: "user", recordId: person.id });
    expect(entries.map(({ actorEmail, action, before, after }) => ({ actorEmail, action, before, after }))).toEqual([
      { actorEmail: "npm run staff", action: "staff.grant", before: { role: null }, after: { role: "staff" } },
    ]);
    expect(await listStaff(testDb())).toContainEqual({ id: person.id, email: person.email, name: "Pat Volunteer", role: "staff" });
  });

  it("granting the role someone already has changes nothing and records nothing", async () => {
    const person = await newAccount("door");
    expect(await setStaffRole(testDb(), actor, person.email, "door")).toEqual({ userId: person.id, before: "door" });
    expect(await listAudit(testDb(), { recordType: "user", recordId: person.id })).toEqual([]);
  });

  it("revoking makes a member again; ending sessions signs them out everywhere", async () => {
    const person = await newAccount("staff");
    const expiresAt = fromNow(86_400_000);
    await testDb().insert(session).values({ id: randomUUID(), token: randomUUID(), userId: person.id, expiresAt, updatedAt: fromNow() });
    const { userId, before } = await setStaffRole(testDb(), actor, person.email, null);
    expect({ userId, before }).toEqual({ userId: person.id, before: "staff" });
    await endSessions(testDb(), userId);
    expect(await roleOf(person.id)).toBeNull();
    expect(await testDb().select().from(session).where(eq(session.userId, person.id))).toEqual([]);
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: person.id });
    expect(entry).toMatchObject({ action: "staff.revoke", before: { role: "staff" }, after: { role: null } });
  });

  it("an address without an account is refused next to the email field, and nothing is written", async () => {
    const before = await testDb().$count(auditLog);
    const error = await refusal(setStaffRole(testDb(), actor, `nobody-${randomUUID()}@example.com`, "admin"));
    expect({ message: error.message, field: error.field }).toEqual({ message: NO_SUCH_ACCOUNT, field: "email" });
    expect(await testDb().$count(auditLog)).toBe(before);
  });

  // These count every admin of the site, so each takes a database of its own (the seed has none).
  it("the last admin cannot be demoted, so the site always keeps one; with two, one may go", async () => {
    const db = await ownDatabase();
    const first = await newAccount("admin", db);
    expect((await refusal(setStaffRole(db, actor, first.email, "staff"))).message).toBe(LAST_ADMIN);
    expect(await roleOf(first.id, db)).toBe("admin");
    const second = await newAccount("admin", db);
    await setStaffRole(db, actor, first.email, null);
    expect(await roleOf(first.id, db)).toBeNull();
    expect((await refusal(setStaffRole(db, actor, second.email, null))).message).toBe(LAST_ADMIN);
  });

  it("two admins demoting each other at once leave exactly one admin", async () => {
    const db = await ownDatabase();
    const [a, b] = [await newAccount("admin", db), await newAccount("admin", db)];
    const results = await Promise.allSettled([setStaffRole(db, actor, a.email, null), setStaffRole(db, actor, b.email, null)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toEqual(new FormError(LAST_ADMIN));
    expect([await roleOf(a.id, db), await roleOf(b.id, db)].filter((role) => role === "admin")).toHaveLength(1);
  });
});
