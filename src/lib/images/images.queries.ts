import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { images, imageVariants } from "@/db/schema/images";
import type { ImageFormat } from "@/lib/image-url";

/** The bytes of one stored variant, or undefined when the id, hash, width or format names none. */
export async function getImageVariant(db: Database, wanted: { id: number; hash: string; width: number; format: ImageFormat }): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(images.id, wanted.id), eq(images.hash, wanted.hash), eq(imageVariants.width, wanted.width), eq(imageVariants.format, wanted.format)));
  return row?.bytes;
}
