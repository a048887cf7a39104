import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import { serviceVerifications } from "@/db/schema/verifications";
import type { DbOrTransaction } from "@/lib/email/outbox";
import * as clock from "@/lib/clock";

export type ServiceStatus = (typeof serviceVerifications.$inferSelect)["serviceStatus"];

export interface ActiveVerification {
  serviceStatus: ServiceStatus;
  expiresAt: Date;
}

/**
 * The member's verified service status at `at`: their latest approval that has not expired, or null.
 * Pricing asks this (in the order's transaction too) before it gives the verification discount.
 */
export async function activeVerification(db: DbOrTransaction, userId: string, at: Date = clock.now()): Promise<ActiveVerification | null> {
  const [row] = await db
    .select({ serviceStatus: serviceVerifications.serviceStatus, expiresAt: serviceVerifications.expiresAt })
    .from(serviceVerifications)
    .where(and(eq(serviceVerifications.userId, userId), eq(serviceVerifications.decision, "approved"), gt(serviceVerifications.expiresAt, at)))
    .orderBy(desc(serviceVerifications.expiresAt))
    .limit(1);
  return row ? { serviceStatus: row.serviceStatus, expiresAt: row.expiresAt! } : null;
}
