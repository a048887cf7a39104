import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { schema } from "@/db/schema";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import type { SubscribeInput } from "./newsletter.schema";

type Db = NodePgDatabase<typeof schema>;

/** Stores the address once; subscribing again is not an error and changes nothing. */
export async function subscribe(db: Db, input: SubscribeInput): Promise<{ email: string; alreadySubscribed: boolean }> {
  const email = input.email.trim().toLowerCase();
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { email, alreadySubscribed: inserted.length === 0 };
}
