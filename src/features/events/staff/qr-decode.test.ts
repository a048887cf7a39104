/**
 * The door's ticket scanner reads the QR code the confirmation email carries (issue 32): the image the
 * email attaches (checkInQrAttachment, made with qrcode), decoded by the JavaScript decoder the page
 * uses where the browser has no BarcodeDetector, gives back the ticket's event and registration.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkInQrAttachment } from "../emails/check-in-qr";
import { ticketOf } from "../event-paths";
import { decodeQrPixels } from "./qr-decode";

async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

describe("reading a ticket's QR code", () => {
  it("decodes the confirmation email's QR image to the ticket's event and registration", async () => {
    const url = "https://vanguardveterans.org/admin/check-in/41?registration=1207";
    const attachment = await checkInQrAttachment(url);
    const text = await decodeQrPixels(await pixelsOf(Buffer.from(attachment.content, "base64")));
    expect(text).toBe(url);
    expect(ticketOf(text!)).toEqual({ eventId: 41, registrationId: 1207 });
  });

  it("decodes a photo of it: smaller, greyer and on a white page", async () => {
    const url = "http://localhost:3000/admin/check-in/7?registration=99";
    const code = Buffer.from((await checkInQrAttachment(url)).content, "base64");
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#f4f1ea" } })
      .composite([{ input: await sharp(code).resize(200).linear(0.8, 30).toBuffer(), left: 300, top: 120 }])
      .png()
      .toBuffer();
    expect(await decodeQrPixels(await pixelsOf(photo))).toBe(url);
  });

  it("finds nothing in a picture without a code, and no ticket in other text", async () => {
    const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } }).png().toBuffer();
    expect(await decodeQrPixels(await pixelsOf(blank))).toBeUndefined();
    for (const text of ["https://example.org/shop", "not a url", "http://site/admin/check-in/7", "http://site/admin/check-in/7?registration=x", "http://site/admin/check-in/7/extra?registration=9"]) {
      expect(ticketOf(text), text).toBeUndefined();
    }
  });
});
