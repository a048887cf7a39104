/**
 * "Continue with Google" end to end, against the local OpenID provider standing in for Google
 * (e2e/google-stand-in.ts): each test picks the Google account its browser context signs in as.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { chooseGoogleAccount, siteWithoutGoogleUrl, type GoogleIdentity } from "./google";
import { signUpMember } from "./member";
import { accountLink, alertBox, expectAt } from "./page-helpers";
import { addFromProductPage, badge } from "./shop-helpers";

function newGoogleAccount(name = "Dana Whitfield"): GoogleIdentity {
  const id = `${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { sub: `google-${id}`, email: `google-${id}@example.com`, name };
}

async function continueWithGoogle(page: Page) {
  await page.getByRole("button", { name: "Continue with Google" }).click();
}

test("the first Google sign-in creates the member; a later one reaches the same member", { tag: "@two-servers" }, async ({ page, context, isMobile }) => {
  const google = newGoogleAccount();
  await chooseGoogleAccount(context, google);

  await page.goto("/login");
  await continueWithGoogle(page);
  await expectAt(page, "/");
  await expect(await accountLink(page, isMobile, google.name)).toHaveAttribute("href", "/profile");

  // The new member's profile carries the Google address; what they save belongs to that member.
  await page.goto("/profile");
  const profile = page.getByRole("tabpanel");
  await expect(profile.getByLabel("Email")).toHaveValue(google.email);
  await profile.getByLabel("Phone").fill("+1 (210) 555-0199");
  await profile.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Profile saved.");
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expectAt(page, "/");

  await page.goto("/login");
  await continueWithGoogle(page);
  await expectAt(page, "/");
  await page.goto("/profile");
  await expect(profile.getByLabel("Email")).toHaveValue(google.email);
  await expect(profile.getByLabel("Phone")).toHaveValue("+1 (210) 555-0199");
});

test("Google sign-in from the register page signs the new member in", async ({ page, context, isMobile }) => {
  const google = newGoogleAccount("Reyes Alvarado");
  await chooseGoogleAccount(context, google);
  await page.goto("/register");
  await continueWithGoogle(page);
  await expectAt(page, "/");
  await expect(await accountLink(page, isMobile, google.name)).toBeVisible();
});

test("what a visitor put in the cart is still there after signing in with Google", { tag: "@two-servers" }, async ({ page, context }) => {
  await addFromProductPage(page, "tactical-backpack");
  await expect(badge(page)).toHaveText("1");
  await chooseGoogleAccount(context, newGoogleAccount());
  await page.goto("/login");
  await continueWithGoogle(page);
  await expectAt(page, "/");
  await expect(badge(page)).toHaveText("1");
  await page.goto("/shop/cart");
  await expect(page.getByRole("main").getByText("Tactical Backpack").first()).toBeVisible();
});

test("a visitor sent to /login comes back to the page they asked for after Google sign-in", async ({ page, context }) => {
  await chooseGoogleAccount(context, newGoogleAccount());
  await page.goto("/profile?tab=settings");
  await expectAt(page, `/login?next=${encodeURIComponent("/profile?tab=settings")}`);
  await continueWithGoogle(page);
  await expectAt(page, "/profile?tab=settings");
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
});

test("cancelling on Google's side comes back with a message on the page it started from", async ({ page, context }) => {
  await chooseGoogleAccount(context, { ...newGoogleAccount(), deny: true });
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await continueWithGoogle(page);
    await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.get("error") === "access_denied");
    await expect(alertBox(page)).toHaveText("Google sign-in was cancelled.");
    await expect(alertBox(page)).toBeFocused();
    await expectNoA11yViolations(page);
  }
});

test("a Google address that already has a password account is not taken over", async ({ page, browser, context }) => {
  // The password account is created in a context of its own, so this page stays signed out.
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  // Unconfirmed: a confirmed address would be linked, since Google vouches for the same mailbox.
  const { email } = await signUpMember(await owner.newPage(), { confirm: false });
  await owner.close();

  await chooseGoogleAccount(context, { ...newGoogleAccount(), email });
  await page.goto("/login");
  await continueWithGoogle(page);
  await expect(alertBox(page)).toHaveText("This e-mail address already has a member account. Sign in with your e-mail and password.");
  await expectNoA11yViolations(page);
  // Still signed out: the profile sends this visitor to sign in.
  await page.goto("/profile");
  await expectAt(page, `/login?next=${encodeURIComponent("/profile")}`);
});

test("an error code in the address shows the fallback message, never text from the URL", async ({ page }) => {
  await page.goto("/login?error=invalid_code&error_description=Call%20555-0100%20to%20verify");
  await expect(alertBox(page)).toHaveText("Failed to sign in with Google");
  await expect(page.getByText("Call 555-0100")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Google button still posts and signs the member in", async ({ page, context, isMobile }) => {
    test.skip(isMobile, "the no-JS path does not depend on the viewport");
    const google = newGoogleAccount("Tomasz Nowak");
    await chooseGoogleAccount(context, google);
    await page.goto("/login");
    await continueWithGoogle(page);
    await expectAt(page, "/");
    await expect(page.getByRole("banner").getByRole("link", { name: google.name, exact: true })).toBeVisible();
  });
});

test("on a server without Google credentials the button explains it is not configured", async ({ page }) => {
  for (const path of ["/login", "/register"]) {
    await page.goto(`${siteWithoutGoogleUrl()}${path}`);
    await continueWithGoogle(page);
    await expect(alertBox(page)).toHaveText("Google sign-in is not configured on this server.");
    await expectNoA11yViolations(page);
  }
});
