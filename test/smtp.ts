/**
 * A real SMTP server on a random loopback port for tests: it accepts (or rejects) mail the way a mail
 * server would and keeps every received message, parsed. Point SMTP_URL or smtpTransport() at `url`.
 */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  /** Envelope sender and recipients (what the client said in MAIL FROM / RCPT TO). */
  envelopeFrom: string;
  to: string[];
  /** The From header, as written. */
  from: string;
  subject: string;
  text: string;
  html: string | undefined;
  /** Decoded as UTF-8. postal-mime rewrites calendar files (text/calendar, application/ics) to LF line endings. */
  attachments: { filename: string | null; contentType: string; content: string }[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Resolves once at least `count` messages have arrived (default 1); rejects after `timeoutMs`. */
  waitForMessages(count?: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  stop(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Refuse every message at the end of DATA with this SMTP reply, e.g. { code: 451, message: "try later" }. */
  reject?: { code: number; message: string };
  /** Refuse these recipients at RCPT TO with this SMTP reply, e.g. { code: 550, message: "no such user" }; others are accepted. */
  rejectRecipients?: { addresses: string[]; code: number; message: string };
  /** Listen on this loopback port (the browser tests' mail catcher); default any free port. */
  port?: number;
}

export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.rejectRecipients;
      if (refusal?.addresses.includes(address.address.toLowerCase())) {
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        if (options.reject) {
          callback(Object.assign(new Error(options.reject.message), { responseCode: options.reject.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        PostalMime.parse(raw, { attachmentEncoding: "base64" })
          .then((email) => {
            received.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              from: email.from?.address ?? email.from?.name ?? "",
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html,
              attachments: email.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.mimeType,
                content: Buffer.from(String(a.content), "base64").toString("utf8"),
              })),
              raw,
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitForMessages(count = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanup();
          resolve(received);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} message(s), received ${received.length} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
