/**
 * Signing up and in with JavaScript, as most visitors do: the checks made before anything is sent, focus
 * on the red box, the pending button, the keyboard alone, and axe on every state. What the server answers
 * (the forms posted without JavaScript, ?next=, the emails, signing out, the rate limits, the auth API):
 * e2e/http/auth.spec.ts.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { MEMBER_PASSWORD, confirmationToken, signUpMember, uniqueMemberEmail } from "./member";
import { countEmails, waitForEmail } from "./outbox";
import { accountLink, alertBox, expectAt } from "./page-helpers";

const PASSWORD = MEMBER_PASSWORD;

async function fillRegister(page: Page, email: string, password: string, confirm = password) {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(confirm);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("could not reach the element with Tab");
}

test.describe("register", () => {
  test("a mismatch is caught before anything is sent, a common password is refused, 'Creating account...' shows while working, then 'Check your email' takes focus and the emailed link signs the member in under their name", { tag: "@two-servers" }, async ({ page, isMobile, request, baseURL }) => {
    const email = uniqueMemberEmail("register");
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
    await expectNoA11yViolations(page);

    await fillRegister(page, email, PASSWORD, `${PASSWORD}!`);
    const posts: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "POST") posts.push(sent.url());
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    const alert = alertBox(page);
    await expect(alert).toHaveText("Passwords do not match");
    await expect(alert).toBeFocused();
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page);
    expect(posts).toEqual([]);
    await expectAt(page, "/register");
    // No account was created: signing in with it fails (the login form posted by a client of its own).
    const login = await (await new TextBrowser(request, new URL(baseURL!).origin).get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", PASSWORD).submit();
    expect(login.alert()).toBe("Invalid email or password");

    await fillRegister(page, email, "password1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(alert).toHaveText("This password is too common. Please choose a different one.");
    await expect(page.getByRole("textbox", { name: "Email" })).not.toHaveValue("");
    await expectNoA11yViolations(page);

    await page.getByRole("textbox", { name: "Name (optional)" }).fill("Dana Whitfield");
    await fillRegister(page, email, PASSWORD);
    // Hold the server action's response so the pending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/register", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText(`We sent a message to ${email}`);
    await expectNoA11yViolations(page);
    // The confirmation link confirms the address and signs in, then lands on the profile, which welcomes
    // the new member and says what comes next (the mock's sign-up went to / with nothing said).
    const token = confirmationToken((await waitForEmail(email, "confirm-email")).textBody);
    await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expectAt(page, "/profile?welcome=1");
    await expect(page.getByTestId("welcome-notice")).toContainText(`Your email address ${email} is confirmed and you are signed in.`);
    await expectNoA11yViolations(page);
    await expect(await accountLink(page, isMobile, "Dana Whitfield")).toHaveAttribute("href", "/profile");
    await expect(page.getByRole("link", { name: "Login / Register" })).toHaveCount(0);
  });

  test("an email that is already registered gets the same panel as a new one, is not signed in or changed; its owner gets an email", async ({ page, request }) => {
    const { email } = await signUpMember(request, { email: uniqueMemberEmail("dupe"), password: PASSWORD });
    await page.goto("/register");
    await fillRegister(page, email, "another long passphrase");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText(`We sent a message to ${email}`);
    await expectNoA11yViolations(page);
    expect(await (await page.request.get("/about")).text()).toContain("Login / Register");
    expect((await waitForEmail(email, "existing-account")).textBody).toContain("/forgot-password");
    expect(await countEmails(email, "confirm-email")).toBe(1); // only the first sign-up's
    expect(await countEmails(email, "welcome")).toBe(1);
  });

  test("keyboard only: Tab, Space and Enter create an account and confirm it", async ({ page, isMobile }) => {
    const email = uniqueMemberEmail("keys");
    await page.goto("/register");
    await tabTo(page, page.getByRole("textbox", { name: "Name (optional)" }));
    await page.keyboard.type("Sam Keys");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("textbox", { name: "Email" })).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: /I agree/ })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: /I agree/ })).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: "Create Account" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
    const token = confirmationToken((await waitForEmail(email, "confirm-email")).textBody);
    await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
    await expectNoA11yViolations(page);
    await tabTo(page, page.getByRole("button", { name: "Confirm my email" }));
    await page.keyboard.press("Enter");
    await expectAt(page, "/profile?welcome=1");
    await expect(await accountLink(page, isMobile, "Sam Keys")).toBeVisible();
  });
});

test.describe("login", () => {
  test("a wrong password shows the provider's message in a red box that takes focus; then Tab and Enter sign in and go to /", { tag: "@two-servers" }, async ({ page, request, isMobile }) => {
    const { email } = await signUpMember(request, { email: uniqueMemberEmail("login"), password: PASSWORD });
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    await expectNoA11yViolations(page);
    await fillLogin(page, email, "not my password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const alert = alertBox(page);
    await expect(alert).toHaveText("Invalid email or password");
    await expect(alert).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expectNoA11yViolations(page);

    // The keyboard alone from here.
    await tabTo(page, page.getByRole("textbox", { name: "Email" }));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expectAt(page, "/");
    await expect(await accountLink(page, isMobile, "Member")).toHaveAttribute("href", "/profile");
  });

  test("after a burst of wrong passwords the form answers even the right one with a wait message and offers a sign-in link, which answers in place with focus on it", async ({ page, request, baseURL, isMobile }) => {
    const { email } = await signUpMember(request, { email: uniqueMemberEmail("formburst"), password: PASSWORD });
    // The burst itself, answered over the API (each answer is checked in e2e/http/auth.spec.ts).
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await request.post("/api/auth/sign-in/email", { headers: { Origin: new URL(baseURL!).origin }, data: { email, password: `wrong guess ${attempt}` } });
      expect(wrong.status()).toBe(401);
    }
    await page.goto("/login");
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(alertBox(page)).toHaveText(/^Too many attempts\. Please wait \d+ (second|minute)s? and try again, or reset your password\.$/);
    await expect(alertBox(page)).toBeFocused();
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await expectNoA11yViolations(page);

    // The way in that guessing cannot block: the focus moves to the answer, and the emailed link signs in.
    await page.getByRole("link", { name: "Email me a sign-in link" }).click();
    await expectAt(page, "/sign-in-link");
    await expectNoA11yViolations(page);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText(`If an account uses ${email}, we sent it a sign-in link.`);
    await expectNoA11yViolations(page);
    const link = /https?:\/\/\S+\/sign-in-link\?token=\S+/.exec((await waitForEmail(email, "sign-in-link")).textBody)![0];
    await page.goto(link);
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectAt(page, "/");
    await expect(await accountLink(page, isMobile, "Member")).toHaveAttribute("href", "/profile");
  });
});
