import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { serviceVerifications } from "@/db/schema/verifications";
import { serviceStatusLabel } from "./verification.fields";

export interface MemberVerification {
  id: string;
  status: string;
  decision: "pending" | "approved" | "rejected" | "expired";
  requestedAt: Date;
  decidedAt: Date | null;
  expiresAt: Date | null;
  rejectionReason: string | null;
}

/** What a request's page shows of it, for the member and for staff (verification-desk.queries.ts). */
export const requestColumns = {
  id: serviceVerifications.id,
  serviceStatus: serviceVerifications.serviceStatus,
  decision: serviceVerifications.decision,
  requestedAt: serviceVerifications.requestedAt,
  decidedAt: serviceVerifications.decidedAt,
  expiresAt: serviceVerifications.expiresAt,
  rejectionReason: serviceVerifications.rejectionReason,
};

/** The member's requests, newest first (the first is what the profile shows). */
export async function listMemberVerifications(db: Database, userId: string): Promise<MemberVerification[]> {
  const rows = await db
    .select(requestColumns)
    .from(serviceVerifications)
    .where(eq(serviceVerifications.userId, userId))
    .orderBy(desc(serviceVerifications.requestedAt))
    .limit(10);
  return rows.map(({ serviceStatus, ...row }) => ({ ...row, status: serviceStatusLabel(serviceStatus) }));
}
