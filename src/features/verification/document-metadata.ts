import sharp from "sharp";
import { FormError } from "@/lib/form-state";
import { MAX_DOCUMENT_PIXELS } from "./document-type";
import { DOCUMENT_FIELD, type DocumentType } from "./verification.fields";

/**
 * The longest side a stored picture keeps: a 48-megapixel phone photo comes down to 4096 × 3072, where
 * an ID card's or a DD-214's print stays readable; a letter page scanned at 300 dpi (2550 × 3300) is
 * kept as it is. Smaller pictures are never enlarged.
 */
export const MAX_DOCUMENT_SIDE = 4096;

const DAMAGED = "This picture is damaged or cut short, so we could not read it. Choose another photo or scan of your document.";

/**
 * The document as it is kept: a picture re-encoded in its own format (JPEG, PNG lossless, WebP) with
 * its EXIF orientation applied first, so it looks the same, and nothing else of its metadata: no EXIF
 * (GPS position, camera, time taken), XMP, IPTC, ICC profile or comments (sharp writes none unless
 * asked to). A PDF is kept as it was sent: its document information and any pictures inside it are
 * not rewritten (README, service verification).
 */
export async function withoutMetadata(type: DocumentType, bytes: Buffer): Promise<Buffer> {
  if (type === "application/pdf") return bytes;
  const image = sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS })
    .rotate()
    .resize({ width: MAX_DOCUMENT_SIDE, height: MAX_DOCUMENT_SIDE, fit: "inside", withoutEnlargement: true });
  const encoded = type === "image/jpeg" ? image.jpeg({ quality: 90 }) : type === "image/png" ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 90 });
  try {
    return await encoded.toBuffer();
  } catch {
    throw new FormError(DAMAGED, DOCUMENT_FIELD);
  }
}

/** Whether a stored picture still carries metadata (one uploaded before pictures were cleaned on upload). */
export async function carriesMetadata(type: DocumentType, bytes: Buffer): Promise<boolean> {
  if (type === "application/pdf") return false;
  const metadata = await sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS }).metadata();
  return Boolean(metadata.exif || metadata.xmp || metadata.iptc || metadata.icc || metadata.comments?.length || (metadata.orientation ?? 1) !== 1);
}
