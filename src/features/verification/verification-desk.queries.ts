import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { serviceVerificationDocuments, serviceVerifications } from "@/db/schema/verifications";
import { VERIFICATION_DOCUMENT_DAYS, serviceStatusLabel } from "./verification.fields";
import { requestColumns, type MemberVerification } from "./verification.queries";

const DAY_MS = 86_400_000;

export interface QueueItem {
  id: string;
  memberEmail: string;
  memberName: string;
  status: string;
  requestedAt: Date;
  /** When the request closes by itself if nobody decides. */
  closesAt: Date;
}

/** Requests waiting for staff, oldest first. */
export async function listVerificationQueue(db: Database): Promise<QueueItem[]> {
  const rows = await db
    .select({
      id: serviceVerifications.id,
      memberEmail: user.email,
      memberName: user.name,
      serviceStatus: serviceVerifications.serviceStatus,
      requestedAt: serviceVerifications.requestedAt,
    })
    .from(serviceVerifications)
    .innerJoin(user, eq(user.id, serviceVerifications.userId))
    .where(eq(serviceVerifications.decision, "pending"))
    .orderBy(asc(serviceVerifications.requestedAt))
    .limit(200);
  return rows.map(({ serviceStatus, ...row }) => ({
    ...row,
    status: serviceStatusLabel(serviceStatus),
    closesAt: new Date(row.requestedAt.getTime() + VERIFICATION_DOCUMENT_DAYS * DAY_MS),
  }));
}

export interface VerificationForStaff extends MemberVerification {
  memberId: string;
  memberEmail: string;
  memberName: string;
  decidedBy: string | null;
  document: { contentType: string; fileName: string; sizeBytes: number } | null;
}

/** One request with its member and whether its document is still kept; null for an unknown id. */
export async function getVerificationForStaff(db: Database, id: string): Promise<VerificationForStaff | null> {
  const [row] = await db
    .select({
      ...requestColumns,
      decidedBy: serviceVerifications.decidedBy,
      memberId: user.id,
      memberEmail: user.email,
      memberName: user.name,
      contentType: serviceVerificationDocuments.contentType,
      fileName: serviceVerificationDocuments.fileName,
      sizeBytes: serviceVerificationDocuments.sizeBytes,
    })
    .from(serviceVerifications)
    .innerJoin(user, eq(user.id, serviceVerifications.userId))
    .leftJoin(serviceVerificationDocuments, eq(serviceVerificationDocuments.verificationId, serviceVerifications.id))
    .where(eq(serviceVerifications.id, id));
  if (!row) return null;
  const { serviceStatus, contentType, fileName, sizeBytes, ...rest } = row;
  return {
    ...rest,
    status: serviceStatusLabel(serviceStatus),
    document: contentType && fileName && sizeBytes ? { contentType, fileName, sizeBytes } : null,
  };
}
