import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip of a page put together from pieces (personal-pages.ts), without compressing the whole page again
 * for each visitor. The kept page's pieces are compressed once each, every one ending on a byte boundary
 * and without a final block (a sync flush); a visitor's parts, a few hundred bytes, go in as stored
 * blocks, uncompressed. A final empty block, the gzip header and its trailer (the CRC and length of the
 * whole page) make one ordinary gzip member (RFC 1951 §3.2.3–3.2.4, RFC 1952 §2.3).
 */

/** ID1 ID2, deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final, empty block with fixed codes: its header and the end-of-block code. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED_BLOCK = 0xffff;

/** A piece compressed on its own, ending on a byte boundary, not final: it can be followed by any block. */
export function deflatedPiece(piece: Buffer): Buffer {
  return deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Bytes as stored (uncompressed) blocks, not final, each at most 65,535 bytes. */
export function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += MAX_STORED_BLOCK) {
    const data = bytes.subarray(start, start + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // not final, stored; the rest of the byte is padding
    header.writeUInt16LE(data.length, 1);
    header.writeUInt16LE(~data.length & 0xffff, 3);
    blocks.push(header, data);
  }
  return blocks;
}

/**
 * The gzip of `pieces` joined, where `compressed(i)` is piece i already passed through `deflatedPiece`,
 * or undefined for a piece to store as it is.
 */
export function gzipOfPieces(pieces: readonly Buffer[], compressed: (index: number) => Buffer | undefined): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    crc = crc32(piece, crc);
    size += piece.length;
    const deflated = compressed(index);
    if (deflated) chunks.push(deflated);
    else chunks.push(...storedBlocks(piece));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}
