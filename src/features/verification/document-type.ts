import sharp from "sharp";

import type { DocumentType } from "./verification.fields";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * What the bytes are, from their signature ("magic bytes"), never from the file name or the type the
 * browser claims: null for anything else (a text file renamed .pdf, an executable, an empty file).
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/** A decompression bomb (a small file that decodes to billions of pixels) stops here. */
export const MAX_DOCUMENT_PIXELS = 100_000_000;

/** An image's signature can be faked in a few bytes: its header must also decode. */
export async function imageHeaderReads(bytes: Buffer): Promise<boolean> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS }).metadata();
    return Boolean(metadata.width && metadata.height);
  } catch {
    return false;
  }
}
