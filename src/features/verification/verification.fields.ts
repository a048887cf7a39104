/** The statuses a member may ask to have verified, as the forms and emails name them. Safe for client components. */
export const SERVICE_STATUSES = [
  { value: "active-duty", label: "Active Duty" },
  { value: "veteran", label: "Veteran" },
  { value: "reserve-guard", label: "Reserve/Guard" },
  { value: "military-family", label: "Military Family" },
  { value: "law-enforcement", label: "Law Enforcement" },
  { value: "first-responder", label: "First Responder" },
] as const;

export type ServiceStatusValue = (typeof SERVICE_STATUSES)[number]["value"];

export function serviceStatusLabel(value: string): string {
  return SERVICE_STATUSES.find((status) => status.value === value)?.label ?? value;
}

/** A request nobody decided is closed after this many days, and its document deleted. */
export const VERIFICATION_DOCUMENT_DAYS = 30;

/** The form field the document travels in. */
export const DOCUMENT_FIELD = "document";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request id from an address, or null for anything that is not one (so the database never sees it). */
export function parseVerificationId(value: string): string | null {
  return UUID.test(value) ? value.toLowerCase() : null;
}

/** Where a member asks; its forms may carry more than the site's usual body limit (scripts/serve.ts). */
export const VERIFICATION_PATH = "/profile/verification";

/** Documents a member may send: a photo or scan, or a PDF. */
export type DocumentType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENT_LABEL = "10 MB";
export const ACCEPTED_DOCUMENTS_LABEL = "JPEG, PNG or WebP image, or a PDF";

export const EXTENSIONS: Record<DocumentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};
