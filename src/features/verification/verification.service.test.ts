import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { serviceVerificationDocuments, serviceVerifications } from "@/db/schema/verifications";
import { listAudit } from "@/lib/audit.service";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { sniffDocumentType } from "./document-type";
import { activeVerification } from "./verification-standing.service";
import { verificationJobsPass } from "./verification-jobs";
import { decideVerification, openDocument } from "./verification-desk.service";
import { endOfValidThrough, readDocument, requestVerification } from "./verification.service";

const NOW = new Date("2027-06-20T15:00:00Z");
const DAY = 86_400_000;
const staff = { id: null, email: "staff@example.com" };

async function member(): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `verify-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Sam", email, emailVerified: true });
  return { id, email };
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).png().toBuffer();
const pixels = async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data: data.toString("base64") };
};
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const file = (bytes: Buffer | string, name: string, type = "application/pdf") => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

async function requestsOf(userId: string) {
  return testDb().select().from(serviceVerifications).where(eq(serviceVerifications.userId, userId));
}

async function documentOf(id: string) {
  return testDb().select().from(serviceVerificationDocuments).where(eq(serviceVerificationDocuments.verificationId, id));
}

async function mailTo(email: string) {
  return testDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

describe("the document's type comes from its bytes", () => {
  it("knows JPEG, PNG, WebP and PDF signatures and nothing else", async () => {
    expect(sniffDocumentType(await png())).toBe("image/png");
    expect(sniffDocumentType(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffDocumentType(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).webp().toBuffer())).toBe("image/webp");
    expect(sniffDocumentType(pdf)).toBe("application/pdf");
    expect(sniffDocumentType(Buffer.from("just some text, named card.pdf"))).toBeNull();
    expect(sniffDocumentType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffDocumentType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffDocumentType(Buffer.alloc(0))).toBeNull();
  });

  it("refuses a text file renamed .pdf, an image signature on junk, an empty file and one over 10 MB, next to the field", async () => {
    expect((await refusal(readDocument(file("not a pdf at all", "id-card.pdf")))).message).toMatch(/^This file is not a JPEG, PNG or WebP image, or a PDF, whatever its name says/);
    expect((await refusal(readDocument(file(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("junk")]), "id.png", "image/png")))).field).toBe("document");
    const empty = await refusal(readDocument(file("", "empty.pdf")));
    expect([empty.message, empty.field]).toEqual(["This file is empty. Choose a JPEG, PNG or WebP image, or a PDF.", "document"]);
    const big = await refusal(readDocument(file(Buffer.concat([pdf, Buffer.alloc(30 * 1024 * 1024)]), "big.pdf")));
    expect(big.message).toBe("This file is 30.0 MB. Choose a document of at most 10 MB.");
    expect((await refusal(readDocument(null))).message).toBe("Choose a document: a JPEG, PNG or WebP image, or a PDF, at most 10 MB.");
    // A PDF that says it is an image is stored as what it is.
    expect((await readDocument(file(pdf, "photo.jpg", "image/jpeg"))).type).toBe("application/pdf");
  });
});

describe("a member's request", () => {
  it("is stored with its document, and refused (storing nothing) for a bad file", async () => {
    const sam = await member();
    await refusal(requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file("hello", "dd214.pdf") }, NOW));
    expect(await requestsOf(sam.id)).toEqual([]);
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(await png(), "card.png", "image/png") }, NOW);
    const [row] = await requestsOf(sam.id);
    expect(row).toMatchObject({ id, decision: "pending", serviceStatus: "veteran", requestedAt: NOW });
    const [document] = await documentOf(id);
    expect(document).toMatchObject({ contentType: "image/png", fileName: "card.png" });
    // Stored re-encoded without metadata (issue 28), pixel for pixel the picture sent (PNG is lossless).
    expect(await pixels(document!.bytes)).toEqual(await pixels(await png()));
  });

  it("waits one at a time: a second one is refused while the first waits", async () => {
    const sam = await member();
    await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(pdf, "a.pdf") }, NOW);
    const second = await refusal(requestVerification(testDb(), sam, { serviceStatus: "first-responder", file: file(pdf, "b.pdf") }, NOW));
    expect(second.message).toBe("You already have a request waiting for staff. You can ask again once it is decided.");
    // Two at once (two tabs, two servers): the database's unique index lets one through.
    const other = await member();
    const results = await Promise.allSettled([1, 2].map(() => requestVerification(testDb(), other, { serviceStatus: "veteran", file: file(pdf, "a.pdf") }, NOW)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await requestsOf(other.id)).toHaveLength(1);
  });
});

describe("staff's decision", () => {
  it("approves through a date: the member is verified until then, emailed, and the document deleted in the same transaction", async () => {
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "active-duty", file: file(pdf, "orders.pdf") }, NOW);
    await decideVerification(testDb(), staff, id, { decision: "approved", validThrough: "2028-06-20" }, NOW);
    const [row] = await requestsOf(sam.id);
    expect(row).toMatchObject({ decision: "approved", decidedBy: "staff@example.com", decidedAt: NOW, expiresAt: endOfValidThrough("2028-06-20") });
    // Through June 20 in San Antonio: until midnight CDT, 05:00 UTC on the 21st.
    expect(row!.expiresAt!.toISOString()).toBe("2028-06-21T05:00:00.000Z");
    expect(await documentOf(id)).toEqual([]);
    expect(await activeVerification(testDb(), sam.id, NOW)).toEqual({ serviceStatus: "active-duty", expiresAt: row!.expiresAt });
    expect(await activeVerification(testDb(), sam.id, new Date("2028-06-21T05:00:00Z"))).toBeNull();
    const [mail] = await mailTo(sam.email);
    expect(mail).toMatchObject({ kind: "verification-approved", subject: "Your service status is verified: Active Duty" });
    expect(mail!.textBody).toContain("valid through June 20, 2028");
    expect((await listAudit(testDb(), { recordType: "service_verification", recordId: id })).map((a) => a.action)).toEqual(["verification.approve"]);
    // Decided once: a second decision is refused and changes nothing.
    await refusal(decideVerification(testDb(), staff, id, { decision: "rejected", reason: "late" }, NOW));
    expect((await requestsOf(sam.id))[0]!.decision).toBe("approved");
    // And the member may ask again (a new status, or before it ends).
    await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(pdf, "dd214.pdf") }, NOW);
  });

  it("refuses an approval date that is not after today, or more than five years on", async () => {
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(pdf, "a.pdf") }, NOW);
    expect((await refusal(decideVerification(testDb(), staff, id, { decision: "approved", validThrough: "2027-06-19" }, NOW))).field).toBe("validThrough");
    await refusal(decideVerification(testDb(), staff, id, { decision: "approved", validThrough: "2033-06-20" }, NOW));
    expect((await requestsOf(sam.id))[0]!.decision).toBe("pending");
    expect(await documentOf(id)).toHaveLength(1);
  });

  it("rejects with a reason: emailed, the document deleted, no discount", async () => {
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "law-enforcement", file: file(await png(), "badge.png", "image/png") }, NOW);
    await decideVerification(testDb(), staff, id, { decision: "rejected", reason: "The photo is blurred." }, NOW);
    expect((await requestsOf(sam.id))[0]).toMatchObject({ decision: "rejected", rejectionReason: "The photo is blurred.", expiresAt: null });
    expect(await documentOf(id)).toEqual([]);
    expect(await activeVerification(testDb(), sam.id, NOW)).toBeNull();
    const [mail] = await mailTo(sam.email);
    expect(mail).toMatchObject({ kind: "verification-rejected" });
    expect(mail!.textBody).toContain("> The photo is blurred.");
  });

  it("writes every opening of the document to the audit log, and has nothing to open once decided", async () => {
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(pdf, "a.pdf") }, NOW);
    const opened = await openDocument(testDb(), { id: null, email: "first@example.com" }, id);
    expect(opened?.contentType).toBe("application/pdf");
    expect(opened!.bytes.equals(pdf)).toBe(true);
    await openDocument(testDb(), { id: null, email: "second@example.com" }, id);
    const views = await listAudit(testDb(), { recordType: "service_verification", recordId: id });
    expect(views.map((v) => [v.action, v.actorEmail])).toEqual([
      ["verification.view-document", "second@example.com"],
      ["verification.view-document", "first@example.com"],
    ]);
    await decideVerification(testDb(), staff, id, { decision: "rejected", reason: "Not readable." }, NOW);
    expect(await openDocument(testDb(), staff, id)).toBeNull();
    expect(await openDocument(testDb(), staff, randomUUID())).toBeNull();
  });
});

describe("requests nobody decides", () => {
  it("close after 30 days with their document deleted, once, and the member may ask again", async () => {
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "military-family", file: file(pdf, "a.pdf") }, NOW);
    await verificationJobsPass(testDb(), new Date(NOW.getTime() + 30 * DAY - 1000));
    expect((await requestsOf(sam.id))[0]!.decision).toBe("pending");
    expect(await documentOf(id)).toHaveLength(1);
    const at = new Date(NOW.getTime() + 30 * DAY);
    const passes = await Promise.all([verificationJobsPass(testDb(), at), verificationJobsPass(testDb(), at)]);
    expect(passes.reduce((sum, pass) => sum + pass.closed, 0)).toBeGreaterThanOrEqual(1);
    expect((await requestsOf(sam.id))[0]).toMatchObject({ decision: "expired", decidedAt: at, decidedBy: null, expiresAt: null });
    expect(await documentOf(id)).toEqual([]);
    expect(await mailTo(sam.email)).toEqual([]);
    await requestVerification(testDb(), sam, { serviceStatus: "military-family", file: file(pdf, "b.pdf") }, at);
    expect(await testDb().$count(serviceVerifications, and(eq(serviceVerifications.userId, sam.id), eq(serviceVerifications.decision, "pending")))).toBe(1);
  });
});

describe("a document's metadata (issue 28: photos kept where they were taken)", () => {
  const RED = { r: 200, g: 20, b: 20 };
  const BLUE = { r: 20, g: 20, b: 200 };

  /** 120 × 80 as stored, red on the left and blue on the right; EXIF orientation 6 shows it turned a quarter clockwise, 80 × 120, red on top. */
  async function phonePhoto(format: "jpeg" | "webp" = "jpeg"): Promise<Buffer> {
    const raw = Buffer.alloc(120 * 80 * 3);
    for (let y = 0; y < 80; y++) {
      for (let x = 0; x < 120; x++) raw.set(Object.values(x < 60 ? RED : BLUE), (y * 120 + x) * 3);
    }
    const image = sharp(raw, { raw: { width: 120, height: 80, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 15", DateTime: "2027:06:19 08:30:00" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "29/1 25/1 2/1", GPSLongitudeRef: "W", GPSLongitude: "98/1 29/1 36/1" },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>');
    return format === "jpeg" ? image.jpeg({ quality: 95 }).toBuffer() : image.webp({ quality: 95 }).toBuffer();
  }

  /** The GPS IFD pointer (tag 0x8825) in an EXIF block, in either byte order. */
  const hasGps = (exif: Buffer | undefined) => Boolean(exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))));

  async function colourAt(bytes: Buffer, x: number, y: number) {
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
  }
  const near = (colour: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }) =>
    Math.max(Math.abs(colour.r - expected.r), Math.abs(colour.g - expected.g), Math.abs(colour.b - expected.b)) <= 24;

  /** What staff are shown: the right way up (80 × 120, red on top), no orientation left to apply. */
  async function expectUprightWithoutMetadata(bytes: Buffer, format: string) {
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format, width: 80, height: 120 });
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.icc, metadata.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(near(await colourAt(bytes, 40, 20), RED), "the top is the photo's left side").toBe(true);
    expect(near(await colourAt(bytes, 40, 100), BLUE), "the bottom is the photo's right side").toBe(true);
  }

  it("a photo carrying its GPS position is stored without EXIF, GPS or XMP, turned the way it was taken, at its size", async () => {
    const photo = await phonePhoto();
    const sent = await sharp(photo).metadata();
    expect([sent.orientation, hasGps(sent.exif), Boolean(sent.xmp)]).toEqual([6, true, true]);
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(photo, "dd214.jpg", "image/jpeg") }, NOW);
    const [document] = await documentOf(id);
    expect(document).toMatchObject({ contentType: "image/jpeg", fileName: "dd214.jpg", sizeBytes: document!.bytes.length });
    expect(hasGps(document!.bytes)).toBe(false);
    await expectUprightWithoutMetadata(document!.bytes, "jpeg");
    await expectUprightWithoutMetadata((await openDocument(testDb(), staff, id))!.bytes, "jpeg");
  });

  it("a WebP photo the same way; a PDF is kept as it was sent", async () => {
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(await phonePhoto("webp"), "card.webp", "image/webp") }, NOW);
    const [document] = await documentOf(id);
    expect(document!.contentType).toBe("image/webp");
    await expectUprightWithoutMetadata(document!.bytes, "webp");
    await decideVerification(testDb(), staff, id, { decision: "rejected", reason: "Send the PDF." }, NOW);
    const again = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(pdf, "dd214.pdf") }, NOW);
    expect((await documentOf(again.id))[0]!.bytes.equals(pdf)).toBe(true);
  });

  it("a large photo stays readable: at most 4096 pixels on its longest side, in proportion", async () => {
    const wide = await sharp({ create: { width: 6000, height: 1500, channels: 3, background: "#f0f0f0" } }).jpeg().toBuffer();
    const sam = await member();
    const { id } = await requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(wide, "scan.jpg", "image/jpeg") }, NOW);
    expect(await sharp((await documentOf(id))[0]!.bytes).metadata()).toMatchObject({ width: 4096, height: 1024 });
  });

  it("a picture whose header reads but whose data is cut short is refused next to the field, and nothing is stored", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    const cut = photo.subarray(0, Math.floor(photo.length / 2));
    const sam = await member();
    const error = await refusal(requestVerification(testDb(), sam, { serviceStatus: "veteran", file: file(cut, "card.jpg", "image/jpeg") }, NOW));
    expect([error.message, error.field]).toEqual(["This picture is damaged or cut short, so we could not read it. Choose another photo or scan of your document.", "document"]);
    expect(await requestsOf(sam.id)).toEqual([]);
  });

  it("a photo stored before this cleaning (with its GPS) is shown to staff without it", async () => {
    const sam = await member();
    const [request] = await testDb().insert(serviceVerifications).values({ userId: sam.id, serviceStatus: "veteran", requestedAt: NOW }).returning({ id: serviceVerifications.id });
    const photo = await phonePhoto();
    await testDb().insert(serviceVerificationDocuments).values({ verificationId: request!.id, contentType: "image/jpeg", fileName: "old.jpg", sizeBytes: photo.length, bytes: photo });
    const opened = await openDocument(testDb(), staff, request!.id);
    await expectUprightWithoutMetadata(opened!.bytes, "jpeg");
  });
});
