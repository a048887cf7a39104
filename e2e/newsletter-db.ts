/** What the newsletter specs read and write straight in an e2e database (the main site's unless given). */
import { createHash, randomBytes } from "node:crypto";
import { query } from "./staff-db";

export interface SubscriberRow {
  email: string;
  confirmed_at: Date | null;
  confirm_token_hash: string | null;
}

export async function subscriberRow(email: string, databaseUrl?: string): Promise<SubscriberRow | undefined> {
  const [row] = await query<SubscriberRow>("select email, confirmed_at, confirm_token_hash from newsletter_subscribers where email = $1", [email.toLowerCase()], databaseUrl);
  return row;
}

/** A newsletter draft, as staff would save it; returns its id. */
export async function createDraftIssue(subject: string, databaseUrl?: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    "insert into newsletter_issues (subject, body, created_by_email, created_at, updated_at) values ($1, 'Hello **all**.', 'editor@example.com', now(), now()) returning id",
    [subject],
    databaseUrl,
  );
  return row!.id;
}

/**
 * A confirmed subscriber who was sent a newsletter: answers their unsubscribe link's token, whose hash
 * is on their delivery row as the batch job writes it.
 */
export async function subscriberWithUnsubscribeLink(email: string, databaseUrl?: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await query("insert into newsletter_subscribers (email, confirmed_at) values ($1, now())", [email.toLowerCase()], databaseUrl);
  const [issue] = await query<{ id: number }>(
    "insert into newsletter_issues (subject, body, created_by_email, created_at, updated_at, sent_at, recipient_count, queued_at) values ('Earlier news', 'x', 'editor@example.com', now(), now(), now(), 1, now()) returning id",
    [],
    databaseUrl,
  );
  await query("insert into newsletter_deliveries (issue_id, email, status, unsubscribe_token_hash, queued_at) values ($1, $2, 'queued', $3, now())", [
    issue!.id,
    email.toLowerCase(),
    createHash("sha256").update(token).digest("hex"),
  ], databaseUrl);
  return token;
}
