import QRCode from "qrcode";
import type { OutboxAttachment } from "@/db/schema/email";

export const CHECK_IN_QR_CID = "check-in-qr@vanguard";

/**
 * The attendee's door pass: a QR code of the staff check-in address of their registration, as a PNG
 * attachment the email's HTML shows inline by Content-ID (mail clients block data: images).
 */
export async function checkInQrAttachment(checkInUrl: string): Promise<OutboxAttachment> {
  const png = await QRCode.toBuffer(checkInUrl, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { filename: "check-in-code.png", contentType: "image/png", content: png.toString("base64"), encoding: "base64", cid: CHECK_IN_QR_CID };
}
