import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { serviceVerificationDocuments, serviceVerifications } from "@/db/schema/verifications";
import * as clock from "@/lib/clock";
import { FormError } from "@/lib/form-state";
import { ASSOCIATION_TIME_ZONE, calendarDay, formatLongDate, zonedWallTimeToUtc } from "@/lib/time";
import { withoutMetadata } from "./document-metadata";
import { imageHeaderReads, sniffDocumentType } from "./document-type";
import {
  ACCEPTED_DOCUMENTS_LABEL,
  DOCUMENT_FIELD,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_LABEL,
  VERIFICATION_DOCUMENT_DAYS,
  type DocumentType,
  type ServiceStatusValue,
} from "./verification.fields";

const DAY_MS = 86_400_000;

/** "June 20, 2028": the last day an approval holds, in the association's zone. */
export function formatValidThrough(expiresAt: Date): string {
  return formatLongDate(new Date(expiresAt.getTime() - 1));
}

/** The instant an approval "valid through `date`" (YYYY-MM-DD) ends: the next midnight in the association's zone. */
export function endOfValidThrough(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
  return zonedWallTimeToUtc({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 }, ASSOCIATION_TIME_ZONE);
}

/** Today's date plus a year, in the association's zone, as YYYY-MM-DD: the approval form's default. */
export function defaultValidThrough(now: Date = clock.now()): string {
  const { year, month, day } = calendarDay(now);
  const date = new Date(Date.UTC(year + 1, month - 1, day));
  return date.toISOString().slice(0, 10);
}

/**
 * Reads an uploaded document: not empty, at most 10 MB, and by its bytes a JPEG, PNG or WebP image
 * (whose header decodes) or a PDF. Anything else is a FormError next to the field.
 */
export async function readDocument(file: File | null): Promise<{ type: DocumentType; bytes: Buffer; name: string }> {
  if (!file || (file.size === 0 && !file.name)) throw new FormError(`Choose a document: a ${ACCEPTED_DOCUMENTS_LABEL}, at most ${MAX_DOCUMENT_LABEL}.`, DOCUMENT_FIELD);
  if (file.size === 0) throw new FormError(`This file is empty. Choose a ${ACCEPTED_DOCUMENTS_LABEL}.`, DOCUMENT_FIELD);
  if (file.size > MAX_DOCUMENT_BYTES) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1);
    throw new FormError(`This file is ${megabytes} MB. Choose a document of at most ${MAX_DOCUMENT_LABEL}.`, DOCUMENT_FIELD);
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = sniffDocumentType(bytes);
  if (!type || (type !== "application/pdf" && !(await imageHeaderReads(bytes)))) {
    throw new FormError(`This file is not a ${ACCEPTED_DOCUMENTS_LABEL}, whatever its name says. Choose a photo, a scan or a PDF of your document.`, DOCUMENT_FIELD);
  }
  return { type, bytes, name: file.name.slice(0, 200) || "document" };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && ((error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505");

const ALREADY_PENDING = "You already have a request waiting for staff. You can ask again once it is decided.";

/**
 * A member's request with its document, stored together; one waiting request per member. A picture is
 * stored without its metadata (the GPS position a phone writes into a photo, above all): staff need the
 * document, not where it was photographed.
 */
export async function requestVerification(
  db: Database,
  member: { id: string },
  input: { serviceStatus: ServiceStatusValue; file: File | null },
  now: Date = clock.now(),
): Promise<{ id: string }> {
  const pending = await db.$count(serviceVerifications, and(eq(serviceVerifications.userId, member.id), eq(serviceVerifications.decision, "pending")));
  if (pending > 0) throw new FormError(ALREADY_PENDING);
  const document = await readDocument(input.file);
  const bytes = await withoutMetadata(document.type, document.bytes);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(serviceVerifications)
        .values({ userId: member.id, serviceStatus: input.serviceStatus, requestedAt: now })
        .returning({ id: serviceVerifications.id });
      await tx.insert(serviceVerificationDocuments).values({
        verificationId: row!.id,
        contentType: document.type,
        fileName: document.name,
        sizeBytes: bytes.length,
        bytes,
      });
      return { id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FormError(ALREADY_PENDING);
    throw error;
  }
}

/**
 * Closes requests nobody decided within 30 days: each becomes `expired` and its document is deleted
 * (the member may ask again). Safe with several servers: each row changes once.
 */
export async function closeUndecidedRequests(db: Database, now: Date = clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - VERIFICATION_DOCUMENT_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(serviceVerifications)
      .set({ decision: "expired", decidedAt: now })
      .where(and(eq(serviceVerifications.decision, "pending"), lte(serviceVerifications.requestedAt, cutoff)))
      .returning({ id: serviceVerifications.id });
    if (closed.length === 0) return 0;
    await tx.delete(serviceVerificationDocuments).where(
      sql`${serviceVerificationDocuments.verificationId} in (${sql.join(
        closed.map((row) => sql`${row.id}`),
        sql`, `,
      )})`,
    );
    return closed.length;
  });
}
