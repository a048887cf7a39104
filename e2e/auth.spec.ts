import type { Browser, Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { confirmationToken, signUpMember } from "./member";
import { countEmails, waitForEmail } from "./outbox";
import { accountLink, alertBox, expectAt, postedStatus } from "./page-helpers";

const PASSWORD = "steady ruck march 0600";

function uniqueEmail(label: string): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

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

/** A confirmed account, made in a throw-away browser context, so the test's own page stays signed out. */
async function createAccount(browser: Browser, label: string): Promise<string> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const { email } = await signUpMember(await context.newPage(), { email: uniqueEmail(label), password: PASSWORD });
  await context.close();
  return email;
}

/** The e-mailed link and its Confirm button. */
async function confirmFromEmail(page: Page, email: string) {
  const token = confirmationToken((await waitForEmail(email, "confirm-email")).textBody);
  await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
}

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("could not reach the element with Tab");
}

test.describe("register", () => {
  test("creates the account with a name: signed in at once on /, the header shows the name; welcome and confirmation e-mails arrive", { tag: "@two-servers" }, async ({ page, isMobile }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
    await expectNoA11yViolations(page);
    const email = uniqueEmail("register");
    await page.getByRole("textbox", { name: "Name (optional)" }).fill("Dana Whitfield");
    await fillRegister(page, email, PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectAt(page, "/");
    const link = await accountLink(page, isMobile, "Dana Whitfield");
    await expect(link).toHaveAttribute("href", "/profile");
    await expect(page.getByRole("link", { name: "Login / Register" })).toHaveCount(0);
    expect((await waitForEmail(email, "welcome")).textBody).toContain("Hello Dana Whitfield,");
    // The confirmation link confirms the address; the member stays signed in.
    await confirmFromEmail(page, email);
    await expectAt(page, "/");
    await page.goto("/profile");
    await expect(page.getByTestId("confirm-address-notice")).toHaveCount(0);
  });

  test("without a name the header says 'Member'; the first HTML is already right (no flash of 'Login / Register')", async ({ page, isMobile }) => {
    await page.goto("/register");
    const email = uniqueEmail("nofash");
    await fillRegister(page, email, PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectAt(page, "/");
    await expect(await accountLink(page, isMobile, "Member")).toBeVisible();
    const html = await (await page.request.get("/about")).text();
    expect(html).toContain('href="/profile"');
    expect(html).not.toContain("Login / Register");
  });

  test("mismatched passwords show 'Passwords do not match' and nothing is submitted", async ({ page, browser }) => {
    const email = uniqueEmail("mismatch");
    await page.goto("/register");
    await fillRegister(page, email, PASSWORD, `${PASSWORD}!`);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    const alert = alertBox(page);
    await expect(alert).toHaveText("Passwords do not match");
    await expect(alert).toBeFocused();
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page);
    expect(posts).toEqual([]);
    await expectAt(page, "/register");

    // No account was created: signing in with it fails.
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto("/login");
    await fillLogin(other, email, PASSWORD);
    await other.getByRole("button", { name: "Sign In" }).click();
    await expect(alertBox(other)).toHaveText("Invalid email or password");
    await context.close();
  });

  test("a common password is refused with a clear message", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, uniqueEmail("common"), "password1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(alertBox(page)).toHaveText("This password is too common. Please choose a different one.");
    await expect(page.getByRole("textbox", { name: "Email" })).not.toHaveValue("");
    await expectNoA11yViolations(page);
  });

  test("an e-mail that is already registered is not signed in or changed; its owner gets an e-mail", async ({ page, browser }) => {
    const email = await createAccount(browser, "dupe");
    await page.goto("/register");
    await fillRegister(page, email, "another long passphrase");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText(email);
    await expectNoA11yViolations(page);
    expect(await (await page.request.get("/about")).text()).toContain("Login / Register");
    expect((await waitForEmail(email, "existing-account")).textBody).toContain("/forgot-password");
    expect(await countEmails(email, "confirm-email")).toBe(1); // only the first sign-up's
    expect(await countEmails(email, "welcome")).toBe(1);

    // Over the API too: the same status and body shape, and no session, for a new and a taken address.
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const taken = await page.request.post("/api/auth/sign-up/email", { headers: { Origin: origin }, data: { email, password: PASSWORD, name: "" } });
    const fresh = await page.request.post("/api/auth/sign-up/email", { headers: { Origin: origin }, data: { email: uniqueEmail("fresh"), password: PASSWORD, name: "" } });
    expect([taken.status(), fresh.status()]).toEqual([200, 200]);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, keys: Object.keys(body.user).sort() });
    expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
    expect(taken.headers()["set-cookie"] ?? "").not.toContain("session_token");
  });

  test("shows 'Creating account...' on a disabled button while working", async ({ page }) => {
    await page.goto("/register");
    await fillRegister(page, uniqueEmail("pending"), PASSWORD);
    // Hold the server action's response so the pending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/register", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    const pending = page.getByRole("button", { name: "Creating account..." });
    await expect(pending).toBeDisabled();
    release();
    await expectAt(page, "/");
  });

  test("keyboard only: Tab, Space and Enter create an account", async ({ page, isMobile }) => {
    const email = uniqueEmail("keys");
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
    await expectAt(page, "/");
    await expect(await accountLink(page, isMobile, "Sam Keys")).toBeVisible();
    const token = confirmationToken((await waitForEmail(email, "confirm-email")).textBody);
    await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
    await tabTo(page, page.getByRole("button", { name: "Confirm my e-mail" }));
    await page.keyboard.press("Enter");
    await expectAt(page, "/");
  });
});

test.describe("login", () => {
  test("signs in and goes to /", { tag: "@two-servers" }, async ({ page, browser, isMobile }) => {
    const email = await createAccount(browser, "login");
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
    await expectNoA11yViolations(page);
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectAt(page, "/");
    await expect(await accountLink(page, isMobile, "Member")).toHaveAttribute("href", "/profile");
  });

  test("returns to the same-site page in ?next=", async ({ page, browser }) => {
    const email = await createAccount(browser, "next");
    await page.goto("/login?next=/contact");
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectAt(page, "/contact");
  });

  test("ignores ?next= that leaves the site", async ({ page, browser }) => {
    const email = await createAccount(browser, "evil");
    await page.goto("/login?next=https://evil.example");
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectAt(page, "/");
  });

  test("a wrong password shows the provider's message in a red box", async ({ page, browser }) => {
    const email = await createAccount(browser, "wrong");
    await page.goto("/login");
    await fillLogin(page, email, "not my password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const alert = alertBox(page);
    await expect(alert).toHaveText("Invalid email or password");
    await expect(alert).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expectNoA11yViolations(page);
  });

  test("keyboard only: Tab and Enter sign in", async ({ page, browser }) => {
    const email = await createAccount(browser, "keylogin");
    await page.goto("/login");
    await tabTo(page, page.getByRole("textbox", { name: "Email" }));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expectAt(page, "/");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still posts and signs in", async ({ page, browser }) => {
      const email = await createAccount(browser, "nojs");
      await page.goto("/login?next=/about");
      await fillLogin(page, email, PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectAt(page, "/about");
      await expect(page.locator('header a[href="/profile"]').first()).toHaveText("Member");
    });

    test("a wrong password comes back with the red box", async ({ page }) => {
      await page.goto("/login");
      await fillLogin(page, uniqueEmail("nojs-nobody"), "not my password");
      expect(await postedStatus(page, page.getByRole("button", { name: "Sign In" }))).toBe(422);
      await expect(alertBox(page)).toHaveText("Invalid email or password");
    });
  });
});

test.describe("profile and sign-out", () => {
  test("/profile sends visitors to /login and back after signing in", async ({ page, browser }) => {
    const email = await createAccount(browser, "profile");
    await page.goto("/profile");
    await expectAt(page, "/login?next=%2Fprofile");
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectAt(page, "/profile");
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("Sign Out ends the session on the server: the old cookie no longer works", { tag: "@two-servers" }, async ({ page, browser, isMobile }) => {
    const email = await createAccount(browser, "signout");
    await page.goto("/login?next=/profile");
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectAt(page, "/profile");
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.endsWith("session_token"))).toBe(true);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectAt(page, "/");
    await expect(await accountLink(page, isMobile, "Login / Register")).toHaveAttribute("href", "/login");

    // Replay the cookie from before sign-out in a fresh browser: the session is gone from the database.
    const replay = await browser.newContext();
    await replay.addCookies(cookies);
    const old = await replay.newPage();
    await old.goto("/profile");
    await expectAt(old, "/login?next=%2Fprofile");
    await replay.close();
  });
});

test.describe("auth API protections", () => {
  // One client address for both projects: run the HTTP checks once, in order, so the burst does not
  // rate-limit the origin check.
  test.describe.configure({ mode: "serial" });
  test.beforeEach(() => test.skip(test.info().project.name !== "desktop", "HTTP-only checks run once"));

  test("a cross-origin POST to the sign-in and sign-up endpoints is refused with 403", async ({ request }) => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email"]) {
      const response = await request.post(path, {
        headers: { Origin: "http://evil.example" },
        data: { email: uniqueEmail("cross"), password: PASSWORD, name: "" },
      });
      expect(response.status(), path).toBe(403);
      expect(await response.text()).toContain("sent from another site");
    }
  });

  test("the sign-in form answers a burst of wrong passwords with a wait message, even for the right one", { tag: "@two-servers" }, async ({ page, browser }) => {
    const email = await createAccount(browser, "formburst");
    await page.goto("/login");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillLogin(page, email, `wrong guess ${attempt}`);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(alertBox(page)).toHaveText("Invalid email or password");
      // Each answer replaces the last, so wait for the form to be ready before the next try.
      await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    }
    await fillLogin(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(alertBox(page)).toHaveText(/^Too many attempts\. Please wait \d+ (second|minute)s? and try again, or reset your password\.$/);
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await expectNoA11yViolations(page);
  });

  test("wrong passwords through the API are limited per account, whatever X-Forwarded-For claims", { tag: "@two-servers" }, async ({ request, baseURL, browser }) => {
    const email = await createAccount(browser, "apiburst");
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof request.post>> | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const response = await request.post("/api/auth/sign-in/email", {
        // A new "client address" on every request, as an attacker would forge it: it must change nothing.
        headers: { Origin: baseURL!, "X-Forwarded-For": `198.51.100.${i + 1}` },
        data: { email, password: `wrong guess ${i}` },
      });
      statuses.push(response.status());
      if (response.status() === 429) limited = response;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(((await limited!.json()) as { message: string }).message).toMatch(/^Too many attempts\. Please wait \d+ (second|minute)s? and try again, or reset your password\.$/);
    // The wait counts down in real time from the first guess: only its bounds are known.
    expect(Number(limited!.headers()["retry-after"])).toBeGreaterThan(0);

    const right = await request.post("/api/auth/sign-in/email", {
      headers: { Origin: baseURL!, "X-Forwarded-For": "198.51.100.200" },
      data: { email, password: PASSWORD },
    });
    expect(right.status()).toBe(429);
  });
});
