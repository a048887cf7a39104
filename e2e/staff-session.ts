/** Browser contexts signed in as a member holding a staff role, for the staff area's journeys. */
import type { Browser, BrowserContext } from "@playwright/test";
import { test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { setRole, type Role } from "./staff-db";

/** A browser context signed in as a new member holding `role` (null: a plain member). */
export async function signedInAs(browser: Browser, role: Role | null): Promise<{ context: BrowserContext; email: string }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const { email } = await signUpMember(page, { email: uniqueMemberEmail(role ?? "member") });
  if (role) await setRole(email, role);
  await page.close();
  return { context, email };
}
