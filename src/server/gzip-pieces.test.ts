import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatedPiece, gzipOfPieces } from "./gzip-pieces";

/** Pieces as a filled page has them: the kept page's (even places, compressed once) around a visitor's parts. */
function gzipOf(pieces: string[] | Buffer[]): Buffer {
  const bytes = pieces.map((piece) => (Buffer.isBuffer(piece) ? piece : Buffer.from(piece)));
  const deflated = bytes.map((piece, index) => (index % 2 === 0 ? deflatedPiece(piece) : undefined));
  return gzipOfPieces(bytes, (index) => deflated[index]);
}

describe("a page's gzip put together from pieces", () => {
  it("is one gzip member that decompresses to the page, whatever its pieces", () => {
    const page = ["<!DOCTYPE html><html><body><header>", '<a href="/profile">Ann</a>', "</header><main>".repeat(300), "<p>3 taken</p>", "</main></body></html>"];
    const zipped = gzipOf(page);
    expect(zipped.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(zipped).toString("utf8")).toBe(page.join(""));
    // Compressed: the kept page's repeated markup shrinks, the parts are stored as they are.
    expect(zipped.length).toBeLessThan(page.join("").length / 4);
  });

  it("takes empty pieces, non-ASCII text, and a part larger than one stored block", () => {
    const big = randomBytes(150_000);
    const pieces = [Buffer.from(""), Buffer.from("Zoë’s café — “quoted”"), Buffer.from("<main>"), big, Buffer.from("")];
    expect(gunzipSync(gzipOf(pieces))).toEqual(Buffer.concat(pieces));
  });

  it("checks out under the gzip reader's CRC and length: a wrong piece would not", () => {
    const pieces = ["<p>", "mine", "</p>"].map((piece) => Buffer.from(piece));
    const zipped = gzipOf(pieces);
    const corrupted = Buffer.from(zipped);
    corrupted[corrupted.length - 8]! ^= 0xff;
    expect(() => gunzipSync(corrupted)).toThrow();
    expect(gunzipSync(zipped).toString()).toBe("<p>mine</p>");
  });
});
