import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import type { Database } from "@/db/client";
import { images, imageVariants } from "@/db/schema/images";
import { FormError } from "@/lib/form-state";
import { IMAGE_WIDTHS, storedWidths, type ImageFormat, type ImageRef } from "@/lib/image-url";

/** Uploads above this are refused before they are decoded. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "10 MB";
/** Smaller pictures would look blurred in the shop. */
export const MIN_IMAGE_SIDE = 200;
/** A decompression bomb (a small file that decodes to billions of pixels) stops here. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif"]);
export const ACCEPTED_LABEL = "JPEG, PNG, WebP or AVIF";

/**
 * The file a form sent in `field`, or null when none was chosen: an empty file input sends an empty
 * file (nameless without JavaScript, named "blob" through React's encoding), so an empty file is none.
 */
export function uploadedFile(formData: unknown, field: string): File | null {
  if (!(formData instanceof FormData)) return null;
  const value = formData.get(field);
  if (!(value instanceof File) || value.size === 0) return null;
  return value;
}

/** Decodes only the header; the type comes from the bytes, never from the file name or the browser's word. */
async function readableImage(bytes: Buffer, field: string): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new FormError(`This file is not a picture we can read. Choose a ${ACCEPTED_LABEL} image.`, field);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new FormError(`This file is not a ${ACCEPTED_LABEL} image. Choose a photo in one of those formats.`, field);
  }
  const rotated = (metadata.orientation ?? 1) >= 5; // EXIF orientations 5–8 swap width and height
  const width = (rotated ? metadata.height : metadata.width) ?? 0;
  const height = (rotated ? metadata.width : metadata.height) ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new FormError("This picture has too many pixels. Choose one under 50 megapixels.", field);
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new FormError(`This picture is ${width} × ${height} pixels. Choose one at least ${MIN_IMAGE_SIDE} pixels on each side.`, field);
  }
  return { width, height };
}

async function encode(bytes: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  // rotate() applies the EXIF orientation; sharp writes no metadata (EXIF, GPS, ICC) unless asked to.
  const resized = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  return format === "avif" ? resized.avif({ quality: 55, effort: 2 }).toBuffer() : resized.webp({ quality: 80 }).toBuffer();
}

/**
 * Checks an uploaded file (size, then what its bytes are), resizes it to AVIF and WebP in a few widths
 * with its metadata stripped, and stores the variants in the database, where every app server finds
 * them (ADR 0017). A bad file is a FormError on `field`; nothing is stored then.
 */
export async function storeUploadedImage(db: Database, file: File, uploadedBy: string, field = "image"): Promise<ImageRef> {
  if (file.size > MAX_UPLOAD_BYTES) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1);
    throw new FormError(`This file is ${megabytes} MB. Choose a picture of at most ${MAX_UPLOAD_LABEL}.`, field);
  }
  if (file.size === 0) throw new FormError(`This file is empty. Choose a ${ACCEPTED_LABEL} image.`, field);
  const bytes = Buffer.from(await file.arrayBuffer());
  const { width, height } = await readableImage(bytes, field);
  const largest = Math.min(width, Math.max(...IMAGE_WIDTHS));
  const variants: { width: number; format: ImageFormat; bytes: Buffer }[] = [];
  for (const variantWidth of storedWidths(largest)) {
    for (const format of ["avif", "webp"] as const) variants.push({ width: variantWidth, format, bytes: await encode(bytes, variantWidth, format) });
  }
  const hash = createHash("sha256");
  for (const variant of variants) hash.update(variant.bytes);
  const storedHeight = Math.round((height * largest) / width);
  return db.transaction(async (tx) => {
    const [image] = await tx
      .insert(images)
      .values({ hash: hash.digest("hex").slice(0, 16), width: largest, height: storedHeight, uploadedBy })
      .returning({ id: images.id, hash: images.hash, width: images.width, height: images.height });
    await tx.insert(imageVariants).values(variants.map((variant) => ({ imageId: image!.id, ...variant })));
    return image!;
  });
}
