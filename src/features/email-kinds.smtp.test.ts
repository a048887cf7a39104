import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { deliverDueEmails } from "@/lib/email/deliver.service";
import { enqueueEmail } from "@/lib/email/outbox";
import { smtpTransport, type MailTransport } from "@/lib/email/transport";
import { site } from "@/lib/site";
import { ownDatabase } from "../../test/db";
import { EMAIL_SAMPLES, kindOf } from "../../test/email-samples";
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from "../../test/smtp";
import { fromNow } from "../../test/time";

/**
 * Every kind of email, queued and delivered through the outbox to a real SMTP server, as a mail
 * client receives it: a multipart/alternative message with a text/plain and a text/html part, the
 * association's Reply-To, and calendar files whose Content-Type names the METHOD inside them.
 */

const FROM = "Vanguard Veterans Association <no-reply@vanguardveterans.org>";
/** One mailbox per sample: "order-cancelled (card checkout expired)" → order-cancelled-card-checkout-expired@example.com. */
const recipient = (sample: string) => `${sample.replace(/[^a-z]+/g, "-").replace(/-$/, "")}@example.com`;

/** The headers of the MIME part whose Content-Type starts with `type` (unfolded), or undefined. */
function partHeaders(raw: string, type: string): string | undefined {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  return unfolded.split(/\r?\n\r?\n/).find((block) => new RegExp(`^Content-Type: ${type.replace("/", "\\/")}\\b`, "im").test(block));
}

describe("every email kind through a real SMTP server", () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let db: Database;
  const received = new Map<string, ReceivedEmail>();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url, FROM);
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
  });

  it("delivers one of each kind", async () => {
    db = await ownDatabase();
    const samples = Object.keys(EMAIL_SAMPLES);
    for (const sample of samples) await enqueueEmail(db, { kind: kindOf(sample), to: recipient(sample), ...(await EMAIL_SAMPLES[sample]!()) });
    const result = await deliverDueEmails(db, transport, { now: fromNow(1000), batchSize: samples.length + 5 });
    expect(result).toEqual({ sent: samples.length, retried: 0, failed: 0, expired: 0 });
    for (const sample of samples) {
      const mail = smtp.received.find((m) => m.to[0] === recipient(sample));
      if (mail) received.set(sample, mail);
    }
    expect([...received.keys()].sort()).toEqual([...samples].sort());
  });

  for (const kind of Object.keys(EMAIL_SAMPLES)) {
    it(`${kind}: text and HTML parts, and the association's Reply-To`, async () => {
      const mail = received.get(kind);
      expect(mail, `${kind} was received`).toBeDefined();
      const sample = await EMAIL_SAMPLES[kind]!();
      expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative;/im);
      expect(partHeaders(mail!.raw, "text/plain")).toBeDefined();
      expect(partHeaders(mail!.raw, "text/html")).toBeDefined();
      expect(mail!.text.trim()).toBe(sample.text.trim());
      expect(mail!.html?.trim()).toBe(sample.html.trim());
      expect(mail!.raw).toMatch(new RegExp(`^Reply-To: ${site.email.replace(".", "\\.")}\\r?$`, "im"));
      expect(mail!.subject).toBe(sample.subject);

      // A calendar file's Content-Type carries the iTIP method its content declares (RFC 6047 §2.4).
      for (const file of mail!.attachments.filter((a) => a.contentType === "text/calendar")) {
        const method = /^METHOD:(\w+)\r?$/m.exec(file.content)?.[1];
        expect(method, `${kind}'s calendar file declares a METHOD`).toBeDefined();
        expect(partHeaders(mail!.raw, "text/calendar")).toMatch(new RegExp(`^Content-Type: text/calendar;.*\\bmethod=${method}\\b`, "im"));
      }
    });
  }

  it("the cancellations carry METHOD:CANCEL, the confirmation METHOD:PUBLISH", () => {
    const methodOf = (kind: string) => /^METHOD:(\w+)/m.exec(received.get(kind)?.attachments.find((a) => a.contentType === "text/calendar")?.content ?? "")?.[1];
    expect(methodOf("event-registration")).toBe("PUBLISH");
    expect(methodOf("event-registration-cancelled")).toBe("CANCEL");
    expect(methodOf("event-cancelled")).toBe("CANCEL");
  });
});
