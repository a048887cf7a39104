/** Test data for member benefits: a member, their paid plan with an expiry, an approved service verification. */
import { randomUUID } from "node:crypto";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { memberships } from "@/db/schema/orders";
import { serviceVerifications } from "@/db/schema/verifications";

const DAY_MS = 24 * 60 * 60 * 1000;
export const days = (n: number) => n * DAY_MS;

export async function insertMember(db: Database, email = `member-${randomUUID()}@example.com`): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, name: "Test Member", email, emailVerified: true });
  return id;
}

/** A paid plan expiring at `renewsOn` (past it: grace, then lapsed). */
export async function giveMembership(db: Database, userId: string, plan: "premium" | "elite", renewsOn: Date): Promise<void> {
  const startedAt = new Date(renewsOn.getTime() - days(365));
  await db.insert(memberships).values({ userId, plan, startedAt, renewsOn }).onConflictDoUpdate({ target: memberships.userId, set: { plan, startedAt, renewsOn } });
}

/** Staff's approval of a service status, holding until `expiresAt`. */
export async function approveVerification(
  db: Database,
  userId: string,
  serviceStatus: (typeof serviceVerifications.$inferInsert)["serviceStatus"],
  expiresAt: Date,
): Promise<void> {
  const decidedAt = new Date(expiresAt.getTime() - days(365));
  await db.insert(serviceVerifications).values({ userId, serviceStatus, decision: "approved", requestedAt: decidedAt, decidedAt, decidedBy: "staff@example.com", expiresAt });
}
