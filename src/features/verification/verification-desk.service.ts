/**
 * The staff verification desk's rules: deciding a waiting request and opening its document, each
 * written to the audit log. The member's side and the 30-day closing: verification.service.ts.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { serviceVerificationDocuments, serviceVerifications } from "@/db/schema/verifications";
import { recordAudit, type Actor } from "@/lib/audit.service";
import * as clock from "@/lib/clock";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import { carriesMetadata, withoutMetadata } from "./document-metadata";
import { verificationApprovedEmail, verificationRejectedEmail } from "./emails/verification-emails";
import { serviceStatusLabel, type DocumentType } from "./verification.fields";
import { endOfValidThrough, formatValidThrough } from "./verification.service";

const DAY_MS = 86_400_000;
const profileLink = () => `${siteUrl()}/profile/verification`;

type Decision = { decision: "approved"; validThrough: string } | { decision: "rejected"; reason: string };

/**
 * Staff's decision on a waiting request: recorded with who and when, the document deleted, the audit
 * written and the member emailed, all in one transaction. A request already decided is refused.
 */
export async function decideVerification(db: Database, actor: Actor, id: string, decision: Decision, now: Date = clock.now()): Promise<{ memberEmail: string }> {
  let expiresAt: Date | null = null;
  if (decision.decision === "approved") {
    expiresAt = endOfValidThrough(decision.validThrough);
    if (expiresAt.getTime() <= now.getTime()) throw new FormError("Choose a date after today.", "validThrough");
    if (expiresAt.getTime() > now.getTime() + 5 * 366 * DAY_MS) throw new FormError("Choose a date within five years.", "validThrough");
  }
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(serviceVerifications)
      .set({
        decision: decision.decision,
        decidedAt: now,
        decidedBy: actor.email,
        expiresAt,
        rejectionReason: decision.decision === "rejected" ? decision.reason : null,
      })
      .where(and(eq(serviceVerifications.id, id), eq(serviceVerifications.decision, "pending")))
      .returning({ userId: serviceVerifications.userId, serviceStatus: serviceVerifications.serviceStatus });
    if (!row) throw new FormError("This request is no longer waiting: it was decided or closed already.");
    await tx.delete(serviceVerificationDocuments).where(eq(serviceVerificationDocuments.verificationId, id));
    const [member] = await tx.select({ email: user.email }).from(user).where(eq(user.id, row.userId));
    await recordAudit(tx, actor, {
      action: decision.decision === "approved" ? "verification.approve" : "verification.reject",
      recordType: "service_verification",
      recordId: id,
      before: { decision: "pending" },
      after: decision.decision === "approved" ? { decision: "approved", expiresAt: expiresAt!.toISOString() } : { decision: "rejected", reason: decision.reason },
    });
    const status = serviceStatusLabel(row.serviceStatus);
    const email =
      decision.decision === "approved"
        ? verificationApprovedEmail({ status, validThrough: formatValidThrough(expiresAt!), profileLink: profileLink() })
        : verificationRejectedEmail({ status, reason: decision.reason, profileLink: profileLink() });
    if (decision.decision === "approved") await enqueueEmail(tx, { kind: "verification-approved", to: member!.email, ...email });
    else await enqueueEmail(tx, { kind: "verification-rejected", to: member!.email, ...email });
    return { memberEmail: member!.email };
  });
  void kickEmailDelivery();
  return result;
}

/**
 * A waiting request's document, for staff to look at; every opening is written to the audit log. A
 * picture stored before pictures were cleaned on upload is cleaned on the way out (the stored copy is
 * deleted with the decision, or after 30 days).
 */
export async function openDocument(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ contentType: string; fileName: string; bytes: Buffer } | null> {
  const document = await readDocumentForStaff(db, actor, id);
  if (!document) return null;
  const type = document.contentType as DocumentType;
  if (!(await carriesMetadata(type, document.bytes).catch(() => false))) return document;
  // One sharp cannot decode is sent as stored, as before: staff's browser may still show it.
  return { ...document, bytes: await withoutMetadata(type, document.bytes).catch(() => document.bytes) };
}

async function readDocumentForStaff(db: Database, actor: Actor, id: string): Promise<{ contentType: string; fileName: string; bytes: Buffer } | null> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .select({ contentType: serviceVerificationDocuments.contentType, fileName: serviceVerificationDocuments.fileName, bytes: serviceVerificationDocuments.bytes })
      .from(serviceVerificationDocuments)
      .where(eq(serviceVerificationDocuments.verificationId, id));
    if (!document) return null;
    await recordAudit(tx, actor, { action: "verification.view-document", recordType: "service_verification", recordId: id });
    return document;
  });
}
