/** Members for integration tests: signed up and confirmed through better-auth, as a person would. */
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import type { RegisterInput } from "@/features/members/members.schema";
import { confirmEmail, registerMember, type AuthDeps } from "@/features/members/members.service";

/** The token of the newest confirmation email to `email`, read from the outbox as a mail client would. */
export async function confirmationToken(email: string): Promise<string> {
  const [message] = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "confirm-email")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const link = /http\S+\/confirm-email\?token=(\S+)/.exec(message?.textBody ?? "");
  if (!link) throw new Error(`no confirmation email to ${email}`);
  return decodeURIComponent(link[1]!);
}

/** Signs up, then confirms the emailed link (with `confirmHeaders`, e.g. a browser's cookies). */
export async function registerConfirmedMember(deps: AuthDeps, input: RegisterInput, confirmHeaders = deps.headers): Promise<{ userId: string }> {
  await registerMember(deps, input);
  await confirmEmail({ auth: deps.auth, headers: confirmHeaders }, await confirmationToken(input.email));
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, input.email));
  if (!row) throw new Error(`no member ${input.email}`);
  return { userId: row.id };
}
