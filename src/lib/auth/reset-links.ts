import { and, eq, like } from "drizzle-orm";
import type { Database } from "@/db/client";
import { verification } from "@/db/schema/auth";

/**
 * Retires every password-reset link of a member. better-auth keeps each link as a verification row
 * `reset-password:<token>` whose value is the user id. After a new password (changed or reset), a new
 * address or a disabled account, a link mailed before must no longer set the password.
 */
export async function retireResetLinks(db: Pick<Database, "delete">, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
}
