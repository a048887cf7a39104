import type { Database } from "@/db/client";
import { hitRateLimit } from "@/lib/rate-limit.service";
import { mailboxLimitFor, type MailboxLimitedKind } from "./kinds";

/**
 * Whether one more message of this kind (a reset or sign-in link, a confirmation link or account notice,
 * a contact acknowledgement, a newsletter confirmation, a pledge's instructions) may go to this mailbox
 * now: the kind's limit in kinds.ts, counted whether or not the message is then sent.
 */
export async function mayMail(db: Database, kind: MailboxLimitedKind, email: string): Promise<boolean> {
  const { key, rule } = mailboxLimitFor(kind, email);
  return (await hitRateLimit(db, key, rule)).allowed;
}
