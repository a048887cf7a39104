import { getDb } from "@/db/client";
import { routeNotFound } from "@/lib/auth/session";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { EXTENSIONS, parseVerificationId, type DocumentType } from "@/features/verification/verification.fields";
import { openDocument } from "@/features/verification/verification-desk.service";

/**
 * A waiting request's document, for staff only (each opening is in the audit log). Never cached, never
 * sniffed; pictures open in the browser (in a sandbox), PDFs download. Once decided, it is gone: 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id: rawId } = await params;
  const id = parseVerificationId(rawId);
  const staff = await deskDownloadOrRefusal("/admin/verifications/[id]/document", `/admin/verifications/${encodeURIComponent(rawId)}/document`);
  if (staff instanceof Response) return staff;
  if (!id) return routeNotFound();
  const document = await openDocument(getDb(), { id: staff.id, email: staff.email }, id);
  if (!document) return routeNotFound();
  const type = document.contentType as DocumentType;
  const disposition = type === "application/pdf" ? "attachment" : "inline";
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "content-type": type,
      "content-length": String(document.bytes.length),
      "content-disposition": `${disposition}; filename="verification-${id}.${EXTENSIONS[type]}"`,
      "cache-control": "no-store, private",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src 'self'; sandbox",
    },
  });
}
