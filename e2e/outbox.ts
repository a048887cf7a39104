/**
 * Reads the email outbox of the e2e server, as a mail client would read the inbox: with no SMTP
 * configured every message stays there, links and all.
 */
import pg from "pg";
import { expect } from "./fixtures";
import { e2eDatabaseUrl } from "./e2e-database";

export interface OutboxMessage {
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[], databaseUrl = e2eDatabaseUrl()): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Waits for the newest message of `kind` to `to` and returns it (from another e2e site's database if given). */
export async function waitForEmail(to: string, kind: string, databaseUrl?: string): Promise<OutboxMessage> {
  let message: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const [row] = await query<{ subject: string; text_body: string; html_body: string | null; reply_to: string | null; attachments: OutboxMessage["attachments"] }>(
          "select subject, text_body, html_body, reply_to, attachments from email_outbox where to_address = $1 and kind = $2 order by id desc limit 1",
          [to, kind],
          databaseUrl,
        );
        message = row && { subject: row.subject, textBody: row.text_body, htmlBody: row.html_body, replyTo: row.reply_to, attachments: row.attachments };
        return message;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return message!;
}

export async function countEmails(to: string, kind: string): Promise<number> {
  const [row] = await query<{ n: string }>("select count(*) as n from email_outbox where to_address = $1 and kind = $2", [to, kind]);
  return Number(row?.n ?? 0);
}
