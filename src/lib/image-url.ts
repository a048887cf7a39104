/** Where an uploaded image's variants are served; safe for client and server code alike. */

/** Widths made of every upload (never wider than the upload itself). */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export type ImageFormat = "avif" | "webp";

/** What a page needs to show an uploaded image: its id, content hash and largest width. */
export interface ImageRef {
  id: number;
  hash: string;
  width: number;
  height: number;
}

/** The widths an image of this largest width was stored in, smallest first. */
export function storedWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/** `/media/12-3f9a…/800.webp`: the hash in the path makes the URL change with the content, so it is cached for good. */
export function imageUrl(image: Pick<ImageRef, "id" | "hash">, width: number, format: ImageFormat): string {
  return `/media/${image.id}-${image.hash}/${width}.${format}`;
}

export function imageSrcSet(image: ImageRef, format: ImageFormat): string {
  return storedWidths(image.width)
    .map((width) => `${imageUrl(image, width, format)} ${width}w`)
    .join(", ");
}

/** The WebP variant closest to `width` (at least that wide when there is one): for a single `src`. */
export function imageFallbackUrl(image: ImageRef, width = 800): string {
  const widths = storedWidths(image.width);
  return imageUrl(image, widths.find((w) => w >= width) ?? widths[widths.length - 1]!, "webp");
}

const IMAGE_SEGMENT = /^([1-9]\d{0,8})-([0-9a-f]{16})$/;
const FILE_SEGMENT = /^([1-9]\d{1,3})\.(avif|webp)$/;

/** Reads the route's two segments back; null for anything that is not a URL imageUrl() makes. */
export function parseImageUrl(imageSegment: string, fileSegment: string): { id: number; hash: string; width: number; format: ImageFormat } | null {
  const image = IMAGE_SEGMENT.exec(imageSegment);
  const file = FILE_SEGMENT.exec(fileSegment);
  if (!image || !file) return null;
  return { id: Number(image[1]), hash: image[2]!, width: Number(file[1]), format: file[2] as ImageFormat };
}
