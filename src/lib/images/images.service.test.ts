/** Uploaded images: checked by their bytes, resized to AVIF and WebP without metadata, stored in PostgreSQL. */
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { images, imageVariants } from "@/db/schema/images";
import { FormError } from "@/lib/form-state";
import { imageFallbackUrl, imageSrcSet, imageUrl, parseImageUrl, storedWidths } from "@/lib/image-url";
import { getImageVariant } from "./images.queries";
import { MAX_UPLOAD_BYTES, storeUploadedImage, uploadedFile } from "./images.service";

const fileOf = (bytes: Buffer | string, name: string, type = "image/jpeg") => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

async function refusal(file: File): Promise<FormError> {
  const before = await getDb().$count(images);
  const error = await storeUploadedImage(getDb(), file, "staff@example.org").then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  expect((error as FormError).field).toBe("image");
  expect(await getDb().$count(images)).toBe(before);
  return error as FormError;
}

describe("storeUploadedImage", () => {
  it("stores AVIF and WebP in each width up to the upload's own, with EXIF and GPS gone", async () => {
    const jpeg = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#c8b68a" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Secret Photographer" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "29/1 25/1 0/1" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const image = await storeUploadedImage(getDb(), fileOf(jpeg, "photo.png", "text/plain"), "staff@example.org");
    expect(image).toMatchObject({ width: 1000, height: 750 });
    expect(image.hash).toMatch(/^[0-9a-f]{16}$/);
    const rows = await getDb().select().from(imageVariants).where(eq(imageVariants.imageId, image.id));
    expect(rows.map((row) => `${row.width}.${row.format}`).sort()).toEqual(["1000.avif", "1000.webp", "400.avif", "400.webp", "800.avif", "800.webp"]);
    for (const row of rows) {
      const metadata = await sharp(row.bytes).metadata();
      expect(metadata.format).toBe(row.format === "avif" ? "heif" : "webp");
      expect(metadata.width).toBe(row.width);
      expect(metadata.exif).toBeUndefined();
      expect(row.bytes.includes(Buffer.from("Secret Photographer"))).toBe(false);
    }
    expect(await getImageVariant(getDb(), { id: image.id, hash: image.hash, width: 800, format: "webp" })).toBeInstanceOf(Buffer);
    expect(await getImageVariant(getDb(), { id: image.id, hash: "0000000000000000", width: 800, format: "webp" })).toBeUndefined();
    expect(await getImageVariant(getDb(), { id: image.id, hash: image.hash, width: 1600, format: "webp" })).toBeUndefined();
  });

  it("never enlarges: a 300-pixel picture is stored at 300", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#ffffff" } }).png().toBuffer();
    const image = await storeUploadedImage(getDb(), fileOf(png, "small.png"), "staff@example.org");
    expect(image.width).toBe(300);
    expect(storedWidths(image.width)).toEqual([300]);
  });

  it("refuses what is not a picture, whatever its name or type says", async () => {
    expect((await refusal(fileOf("<?php system($_GET['c']); ?>", "cap.jpg"))).message).toMatch(/not a picture we can read/);
    expect((await refusal(fileOf("%PDF-1.7\n1 0 obj", "cap.png", "image/png"))).message).toMatch(/not a picture we can read/);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>';
    expect((await refusal(fileOf(svg, "cap.svg", "image/svg+xml"))).message).toMatch(/JPEG, PNG, WebP or AVIF/);
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#000" } }).gif().toBuffer();
    expect((await refusal(fileOf(gif, "cap.gif", "image/gif"))).message).toMatch(/not a JPEG, PNG, WebP or AVIF image/);
  });

  it("refuses a file over 10 MB before decoding it, an empty file, and a tiny picture", async () => {
    expect((await refusal(fileOf(Buffer.alloc(20 * 1024 * 1024), "huge.jpg"))).message).toBe("This file is 20.0 MB. Choose a picture of at most 10 MB.");
    expect((await refusal(fileOf(Buffer.alloc(MAX_UPLOAD_BYTES + 1), "just-over.jpg"))).message).toMatch(/at most 10 MB/);
    expect((await refusal(fileOf(Buffer.alloc(0), "empty.jpg"))).message).toMatch(/empty/);
    const tiny = await sharp({ create: { width: 50, height: 400, channels: 3, background: "#000" } }).png().toBuffer();
    expect((await refusal(fileOf(tiny, "tiny.png"))).message).toBe("This picture is 50 × 400 pixels. Choose one at least 200 pixels on each side.");
  });

  it("refuses a decompression bomb (a small file that claims billions of pixels) from its header", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#000" } }).png().toBuffer();
    // The IHDR chunk (bytes 12–28 after the signature) says how big the picture is: claim 100,000 × 100,000.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await refusal(fileOf(bomb, "bomb.png"))).message).toMatch(/too many pixels|not a picture we can read/);
  });
});

describe("uploadedFile", () => {
  it("is null for no file chosen and for a crafted request that is not a form", () => {
    const form = new FormData();
    form.set("image", new File([], ""));
    expect(uploadedFile(form, "image")).toBeNull();
    form.set("image", new File([], "blob"));
    expect(uploadedFile(form, "image")).toBeNull();
    form.set("image", "a string");
    expect(uploadedFile(form, "image")).toBeNull();
    expect(uploadedFile("not a form", "image")).toBeNull();
    form.set("image", new File(["x"], "x.jpg"));
    expect(uploadedFile(form, "image")?.name).toBe("x.jpg");
  });
});

describe("image URLs", () => {
  const image = { id: 12, hash: "0123456789abcdef", width: 1600, height: 1600 };

  it("carry the content hash, and read back only what imageUrl makes", () => {
    expect(imageUrl(image, 800, "avif")).toBe("/media/12-0123456789abcdef/800.avif");
    expect(imageSrcSet(image, "webp")).toBe("/media/12-0123456789abcdef/400.webp 400w, /media/12-0123456789abcdef/800.webp 800w, /media/12-0123456789abcdef/1600.webp 1600w");
    expect(imageFallbackUrl(image)).toBe("/media/12-0123456789abcdef/800.webp");
    expect(imageFallbackUrl({ ...image, width: 300 })).toBe("/media/12-0123456789abcdef/300.webp");
    expect(parseImageUrl("12-0123456789abcdef", "800.avif")).toEqual({ id: 12, hash: "0123456789abcdef", width: 800, format: "avif" });
    for (const [a, b] of [["12-0123456789ABCDEF", "800.webp"], ["0-0123456789abcdef", "800.webp"], ["12-0123456789abcdef", "800.png"], ["12-0123456789abcdef", "../800.webp"], ["99999999999-0123456789abcdef", "800.webp"], ["12-0123456789abcdef", "80000.webp"]]) {
      expect(parseImageUrl(a!, b!), `${a}/${b}`).toBeNull();
    }
  });
});
