import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { memberships } from "@/db/schema/orders";
import { listAudit } from "@/lib/audit.service";
import { MEMBER_NOT_FOUND } from "@/lib/auth/member-id";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { getMemberDetail } from "@/features/members/members-desk.queries";
import { grantMembershipSchema } from "./memberships-desk.schema";
import { grantMembership } from "./memberships-desk.service";

const NOW = new Date("2027-03-10T18:00:00Z");
const DAY = 86_400_000;

async function account(role: string | null = null): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `grant-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Pat Member", email, emailVerified: true, role });
  return { id, email };
}

async function staffActor() {
  return { ...(await account("staff")), role: "staff" as const };
}

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

async function membershipOf(userId: string) {
  const [row] = await testDb().select().from(memberships).where(eq(memberships.userId, userId));
  return row;
}

const grant = (memberId: string, plan: "premium" | "elite", months: number) => grantMembershipSchema.parse({ memberId, plan, months: String(months) });

describe("granting a membership at the desk", () => {
  it("starts a plan from now for the months asked, in the row a paid order writes, with an audit record", async () => {
    const staff = await staffActor();
    const member = await account();
    const granted = await grantMembership(testDb(), staff, grant(member.id, "premium", 12), NOW);
    expect(granted).toEqual({ planName: "Premium", renewsOn: new Date("2028-03-10T18:00:00Z"), extended: false });
    expect(await membershipOf(member.id)).toEqual({ userId: member.id, plan: "premium", orderId: null, startedAt: NOW, renewsOn: new Date("2028-03-10T18:00:00Z") });
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entry).toMatchObject({ actorEmail: staff.email, action: "membership.grant", before: null, after: { plan: "premium", months: 12 } });
    const detail = await getMemberDetail(testDb(), member.id, NOW);
    expect(detail?.membership).toMatchObject({ plan: "premium", planName: "Premium", active: true, orderId: null });
  });

  it("extends a running membership of the same plan from its end date, not from today", async () => {
    const staff = await staffActor();
    const member = await account();
    const startedAt = new Date(NOW.getTime() - 200 * DAY);
    const renewsOn = new Date("2027-06-01T05:00:00Z"); // midnight in Chicago
    await testDb().insert(memberships).values({ userId: member.id, plan: "elite", startedAt, renewsOn });
    const granted = await grantMembership(testDb(), staff, grant(member.id, "elite", 3), NOW);
    expect(granted).toEqual({ planName: "Elite", renewsOn: new Date("2027-09-01T05:00:00Z"), extended: true });
    expect(await membershipOf(member.id)).toMatchObject({ plan: "elite", startedAt, renewsOn: new Date("2027-09-01T05:00:00Z") });
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entry).toMatchObject({ action: "membership.extend", before: { plan: "elite" }, after: { plan: "elite", months: 3 } });
  });

  it("starts afresh from now when the plan has lapsed; a change of plan keeps the paid time", async () => {
    const staff = await staffActor();
    const lapsed = await account();
    await testDb().insert(memberships).values({ userId: lapsed.id, plan: "premium", startedAt: new Date("2025-01-01Z"), renewsOn: new Date("2026-01-01Z") });
    expect(await grantMembership(testDb(), staff, grant(lapsed.id, "premium", 1), NOW)).toMatchObject({ extended: false, renewsOn: new Date("2027-04-10T17:00:00Z") });
    const switching = await account();
    await testDb().insert(memberships).values({ userId: switching.id, plan: "premium", startedAt: NOW, renewsOn: new Date("2027-12-01Z") });
    expect(await grantMembership(testDb(), staff, grant(switching.id, "elite", 12), NOW)).toMatchObject({ planName: "Elite", extended: true });
    expect(await membershipOf(switching.id)).toMatchObject({ plan: "elite", startedAt: NOW, renewsOn: new Date("2028-12-01T00:00:00Z") });
  });

  it("refuses absurd months and unknown plans next to the field", () => {
    for (const months of ["0", "-1", "37", "1.5", "1e3", "999999999999", "twelve", ""]) {
      const parsed = grantMembershipSchema.safeParse({ memberId: "abc", plan: "premium", months });
      expect(parsed.success, months).toBe(false);
      expect(parsed.error?.issues[0]?.path, months).toEqual(["months"]);
    }
    expect(grantMembershipSchema.safeParse({ memberId: "abc", plan: "basic", months: "12" }).error?.issues[0]?.path).toEqual(["plan"]);
  });

  it("an unknown or malformed member changes nothing", async () => {
    const staff = await staffActor();
    for (const memberId of [randomUUID(), "x".repeat(65), "'; drop table user; --"]) {
      expect((await refusal(grantMembership(testDb(), staff, { memberId, plan: "premium", months: 12 }, NOW))).message).toBe(MEMBER_NOT_FOUND);
    }
  });
});
