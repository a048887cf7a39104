/**
 * Signs a new member up through the real better-auth endpoint; the response's session cookie lands in
 * the page's browser context, so the page is signed in afterwards.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

export const MEMBER_PASSWORD = "steady ruck march 0600";

export function uniqueMemberEmail(label = "member"): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUpMember(
  page: Page,
  { email = uniqueMemberEmail(), password = MEMBER_PASSWORD }: { email?: string; password?: string } = {},
): Promise<{ email: string; password: string }> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("signUpMember needs use.baseURL in the Playwright config");
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "" },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password };
}
