import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { schema } from "@/db/schema";
import { contactMessages } from "@/db/schema/contact";
import type { ContactInput } from "./contact.schema";

type Db = NodePgDatabase<typeof schema>;

export type ContactOutcome = { stored: true; id: number } | { stored: false; reason: "honeypot" };

/**
 * Stores a visitor's message for staff. A filled honeypot means a bot: it gets the same success
 * answer (so it learns nothing) but nothing is stored.
 */
export async function submitContactMessage(db: Db, input: ContactInput): Promise<ContactOutcome> {
  if (input.website) return { stored: false, reason: "honeypot" };
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      category: input.category,
    })
    .returning({ id: contactMessages.id });
  return { stored: true, id: row!.id };
}
