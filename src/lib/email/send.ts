import { getDb } from "@/db/client";
import { enqueueEmail, type NewEmail } from "./outbox";
import { kickEmailDelivery } from "./worker";

/**
 * For a message that is not part of a larger transaction (password reset, verification): writes it to
 * the outbox and asks the worker to deliver it now. Resolves once the row is committed, not once sent.
 */
export async function sendEmail(email: NewEmail): Promise<number | null> {
  const id = await enqueueEmail(getDb(), email);
  void kickEmailDelivery();
  return id;
}
