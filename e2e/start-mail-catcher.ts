/**
 * The browser tests' mail catcher: a real SMTP server (test/smtp.ts) the site with mail delivers to,
 * and a small HTTP API the specs read it through: GET /messages?to=<address> answers that address's
 * messages, oldest first, parsed (see CaughtEmail in e2e/mail.ts).
 */
import { createServer } from "node:http";
import { startSmtpServer, type ReceivedEmail } from "../test/smtp";
import { mailCatcherHttpUrl, mailCatcherSmtpPort } from "./mail";

const smtp = await startSmtpServer({ port: mailCatcherSmtpPort() });

function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const fields: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return fields;
}

const view = (mail: ReceivedEmail) => ({
  to: mail.to,
  from: mail.from,
  envelopeFrom: mail.envelopeFrom,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  headers: headersOf(mail.raw),
});

const url = new URL(mailCatcherHttpUrl());
const http = createServer((req, res) => {
  const request = new URL(req.url ?? "/", url);
  if (request.pathname === "/health") return void res.end("ok");
  if (request.pathname !== "/messages") {
    res.statusCode = 404;
    return void res.end();
  }
  const to = (request.searchParams.get("to") ?? "").toLowerCase();
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(smtp.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)).map(view)));
});
http.listen(Number(url.port), url.hostname, () => console.log(`[mail catcher] SMTP ${smtp.url}, inbox ${url.origin}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    http.close();
    void smtp.stop().finally(() => process.exit(0));
  });
}
