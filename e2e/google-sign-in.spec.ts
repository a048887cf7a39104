/**
 * "Continue with Google" with JavaScript, against the local OpenID provider standing in for Google
 * (e2e/google-stand-in.ts): one journey through the button, and the red box of each refusal with focus
 * and axe. The redirects, the member created and found again, the cart, ?next=, each refusal's answer and
 * the button without JavaScript: e2e/http/google-sign-in.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { chooseGoogleAccount, siteWithoutGoogleUrl } from "./google";
import { alertBox, expectAt } from "./page-helpers";

test("a visitor sent to /login comes back to the page they asked for after Google sign-in", { tag: "@two-servers" }, async ({ page, context }) => {
  const id = `${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await chooseGoogleAccount(context, { sub: `google-${id}`, email: `google-${id}@example.com`, name: "Dana Whitfield" });
  await page.goto("/profile?tab=settings");
  await expectAt(page, `/login?next=${encodeURIComponent("/profile?tab=settings")}`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expectAt(page, "/profile?tab=settings");
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
});

test("each refusal shows its message in a red box that takes focus, with no axe violations", async ({ page }) => {
  // Where Google sends a cancelled or refused sign-in back to (the redirects: e2e/http/google-sign-in.spec.ts).
  const returned = [
    { path: "/login?error=access_denied", message: "Google sign-in was canceled." },
    { path: "/register?error=access_denied", message: "Google sign-in was canceled." },
    { path: "/login?error=account_not_linked", message: "This email address already has a member account. Sign in with your email and password." },
  ];
  for (const { path, message } of returned) {
    await page.goto(path);
    await expect(alertBox(page), path).toHaveText(message);
    await expect(alertBox(page), path).toBeFocused();
    await expectNoA11yViolations(page);
  }
  // The button's own answer on a server without Google credentials.
  for (const path of ["/login", "/register"]) {
    await page.goto(`${siteWithoutGoogleUrl()}${path}`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(alertBox(page), path).toHaveText("Google sign-in is not configured on this server.");
    await expect(alertBox(page), path).toBeFocused();
    await expectNoA11yViolations(page);
  }
});
