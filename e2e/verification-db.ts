/** Service verification requests written straight into an e2e database, and what the specs read back. */
import { createAccount } from "./members-desk-db";
import { query } from "./staff-db";

/** The smallest valid PNG (1 × 1). */
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** A waiting request of a new account with a PNG document, as if sent from the profile; returns its id. */
export async function addVerificationRequest(): Promise<string> {
  const account = await createAccount("Route Check");
  const [row] = await query<{ id: string }>(
    `insert into service_verifications (user_id, service_status, requested_at) values ($1, 'veteran', now()) returning id`,
    [account.id],
  );
  await query(`insert into service_verification_documents (verification_id, content_type, file_name, size_bytes, bytes) values ($1, 'image/png', 'card.png', $2, $3)`, [
    row!.id,
    TINY_PNG.length,
    TINY_PNG,
  ]);
  return row!.id;
}

/** A member's requests (by email), newest first, and whether each still has its document. */
export async function verificationsOf(email: string, databaseUrl?: string) {
  return query<{ id: string; decision: string; has_document: boolean }>(
    `select v.id, v.decision, exists (select 1 from service_verification_documents d where d.verification_id = v.id) as has_document
       from service_verifications v join "user" u on u.id = v.user_id where lower(u.email) = lower($1) order by v.requested_at desc`,
    [email],
    databaseUrl,
  );
}

export async function documentViews(id: string, databaseUrl?: string): Promise<string[]> {
  const rows = await query<{ actor_email: string }>(
    `select actor_email from audit_log where record_type = 'service_verification' and record_id = $1 and action = 'verification.view-document' order by id`,
    [id],
    databaseUrl,
  );
  return rows.map((row) => row.actor_email);
}
