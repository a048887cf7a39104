/**
 * Sign-up, sign-in and sign-out as the server answers them: the register and login forms posted without
 * JavaScript (Next's server actions), the e-mails written, where a sign-in leads (?next=), the session
 * ended for good on sign-out, and the auth API's protections (cross-origin posts, rate limits). The same
 * forms with JavaScript (client-side checks, focus on the red box, pending button, keyboard) and axe:
 * e2e/auth.spec.ts.
 */
import { confirmationToken, signUpMember, uniqueMemberEmail } from "../member";
import { waitForEmail } from "../outbox";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const PASSWORD = "steady ruck march 0600";
const TOO_MANY = /^Too many attempts\. Please wait \d+ (second|minute)s? and try again, or reset your password\.$/;

/** The header's account links (the wide screen's and the phone menu's), by name: their addresses. */
const accountLinks = (page: HttpPage, name: string) => page.links(name, "header").map((link) => link.href);

async function register(visitor: TextBrowser, email: string, { name = "", password = PASSWORD, confirm = password }: { name?: string; password?: string; confirm?: string } = {}): Promise<HttpPage> {
  const form = (await visitor.get("/register"))
    .form({ button: "Create Account" })
    .fill("Email", email)
    .fill("Password", password)
    .fill("Confirm password", confirm)
    .check(/I agree to the Terms of Service/);
  if (name) form.fill("Name (optional)", name);
  return form.submit();
}

async function signIn(visitor: TextBrowser, email: string, password: string, from = "/login"): Promise<HttpPage> {
  return (await visitor.get(from)).form({ button: "Sign In" }).fill("Email", email).fill("Password", password).submit();
}

/** A confirmed account made by another client, so `visitor` stays signed out. */
async function createAccount(newVisitor: () => Promise<TextBrowser>, label: string): Promise<string> {
  const { email } = await signUpMember((await newVisitor()).request, { email: uniqueMemberEmail(label), password: PASSWORD });
  return email;
}

async function accountsWith(email: string): Promise<number> {
  const [row] = await query<{ n: string }>(`select count(*) as n from "user" where lower(email) = lower($1)`, [email]);
  return Number(row!.n);
}

test.describe("register", () => {
  test("creates the account with a name: signed in at once on /, the header shows the name; welcome and confirmation e-mails arrive", { tag: "@two-servers" }, async ({ visitor }) => {
    const page = await visitor.get("/register");
    expect(page.heading(1)).toBe("Create Account");
    const email = uniqueMemberEmail("register");
    const home = await register(visitor, email, { name: "Dana Whitfield" });
    expect(home.path).toBe("/");
    expect(accountLinks(home, "Dana Whitfield")).toEqual(["/profile", "/profile"]);
    expect(home.links("Login / Register")).toEqual([]);
    expect((await waitForEmail(email, "welcome")).textBody).toContain("Hello Dana Whitfield,");

    // The confirmation link's page holds a Confirm button; pressing it confirms the address, still signed in.
    const token = confirmationToken((await waitForEmail(email, "confirm-email")).textBody);
    const confirm = await visitor.get(`/confirm-email?token=${encodeURIComponent(token)}`);
    const confirmed = await confirm.form({ button: "Confirm my e-mail" }).submit();
    expect(confirmed.path).toBe("/");
    const profile = await visitor.get("/profile");
    expect(profile.path).toBe("/profile");
    expect(profile.byTestId("confirm-address-notice")).toHaveLength(0);
  });

  test("without a name the header says 'Member'; the first HTML is already right (no flash of 'Login / Register')", async ({ visitor }) => {
    const home = await register(visitor, uniqueMemberEmail("noflash"));
    expect(home.path).toBe("/");
    expect(accountLinks(home, "Member")).toEqual(["/profile", "/profile"]);
    const about = await visitor.get("/about");
    expect(about.body).toContain('href="/profile"');
    expect(about.body).not.toContain("Login / Register");
  });

  test("mismatched passwords are refused by the server too, and no account is made", async ({ visitor }) => {
    const email = uniqueMemberEmail("mismatch");
    const refused = await register(visitor, email, { confirm: `${PASSWORD}!` });
    expect(refused.status).toBe(422);
    expect(refused.alert()).toBe("Passwords do not match");
    expect(refused.path).toBe("/register");
    expect(await accountsWith(email)).toBe(0);
    // Signing in with it fails.
    expect((await signIn(visitor, email, PASSWORD)).alert()).toBe("Invalid email or password");
  });

  test("a common password is refused with a clear message", async ({ visitor }) => {
    const email = uniqueMemberEmail("common");
    const refused = await register(visitor, email, { password: "password1" });
    expect(refused.status).toBe(422);
    expect(refused.alert()).toBe("This password is too common. Please choose a different one.");
    expect(refused.control("Email").val()).toBe(email);
    expect(await accountsWith(email)).toBe(0);
  });

  // The form's answer to a taken address (the "Check your email" panel, the owner's e-mail) is checked with
  // JavaScript in e2e/auth.spec.ts: posted without JavaScript it answers 500 (the notice cannot render).
  test("over the API, an e-mail that is already registered gets the same answer as a new one, and no session", async ({ newVisitor, request, baseURL }) => {
    const email = await createAccount(newVisitor, "dupe-api");
    const origin = new URL(baseURL!).origin;
    const taken = await request.post("/api/auth/sign-up/email", { headers: { Origin: origin }, data: { email, password: PASSWORD, name: "" } });
    const fresh = await request.post("/api/auth/sign-up/email", { headers: { Origin: origin }, data: { email: uniqueMemberEmail("fresh"), password: PASSWORD, name: "" } });
    expect([taken.status(), fresh.status()]).toEqual([200, 200]);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, keys: Object.keys(body.user).sort() });
    expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
    expect(taken.headers()["set-cookie"] ?? "").not.toContain("session_token");
  });
});

test.describe("login", () => {
  test("the login page links to the forgotten-password and register pages, and signs in to /", { tag: "@two-servers" }, async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "login");
    const page = await visitor.get("/login");
    expect(page.heading(1)).toBe("Welcome Back");
    expect(page.link("Forgot password?").href).toBe("/forgot-password");
    expect(page.link("Register", "main").href).toBe("/register");
    const home = await signIn(visitor, email, PASSWORD);
    expect(home.path).toBe("/");
    expect(accountLinks(home, "Member")).toEqual(["/profile", "/profile"]);
  });

  test("returns to the same-site page in ?next=", async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "next");
    expect((await signIn(visitor, email, PASSWORD, "/login?next=/contact")).path).toBe("/contact");
  });

  test("ignores ?next= that leaves the site", async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "evil");
    const home = await signIn(visitor, email, PASSWORD, "/login?next=https://evil.example");
    expect(home.url.origin).toBe(visitor.origin);
    expect(home.path).toBe("/");
    for (const hop of home.hops) expect(hop.location ?? "").not.toContain("evil.example");
  });

  test("the form posts and signs in without JavaScript, back to ?next=", async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "nojs");
    const about = await signIn(visitor, email, PASSWORD, "/login?next=/about");
    expect(about.path).toBe("/about");
    expect(about.text(about.$('header a[href="/profile"]').first()[0]!)).toBe("Member");
  });

  test("a wrong password comes back 422 with the provider's message in the red box, the e-mail kept and the password not", async ({ visitor, newVisitor }) => {
    const nobody = await signIn(visitor, uniqueMemberEmail("nojs-nobody"), "not my password");
    expect(nobody.status).toBe(422);
    expect(nobody.alert()).toBe("Invalid email or password");

    const email = await createAccount(newVisitor, "wrong");
    const wrong = await signIn(visitor, email, "not my password");
    expect(wrong.status).toBe(422);
    expect(wrong.alert()).toBe("Invalid email or password");
    expect(wrong.control("Email").val()).toBe(email);
    expect(wrong.control("Password").val() ?? "").toBe("");
  });
});

test.describe("profile and sign-out", () => {
  test("/profile sends visitors to /login and back after signing in", async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "profile");
    const login = await visitor.get("/profile");
    expect(login.path).toBe("/login?next=%2Fprofile");
    const profile = await login.form({ button: "Sign In" }).fill("Email", email).fill("Password", PASSWORD).submit();
    expect(profile.path).toBe("/profile");
    expect(profile.text("main")).toContain(`Signed in as ${email}`);
  });

  test("Sign Out ends the session on the server: the old cookie no longer works", { tag: "@two-servers" }, async ({ visitor, newVisitor, playwright, baseURL }) => {
    const email = await createAccount(newVisitor, "signout");
    const profile = await signIn(visitor, email, PASSWORD, "/login?next=/profile");
    expect(profile.path).toBe("/profile");
    const { cookies } = await visitor.request.storageState();
    expect(cookies.some((c) => c.name.endsWith("session_token"))).toBe(true);

    const home = await profile.form({ button: "Sign Out" }).submit();
    expect(home.path).toBe("/");
    expect(accountLinks(home, "Login / Register")).toEqual(["/login", "/login"]);

    // Replay the cookie from before sign-out in a fresh client: the session is gone from the database.
    const replay = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
    const { TextBrowser } = await import("./text-browser");
    const old = await new TextBrowser(replay, visitor.origin).get("/profile");
    expect(old.path).toBe("/login?next=%2Fprofile");
    await replay.dispose();
  });
});

test.describe("auth API protections", () => {
  test("a cross-origin POST to the sign-in and sign-up endpoints is refused with 403", async ({ request }) => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email"]) {
      const response = await request.post(path, {
        headers: { Origin: "http://evil.example" },
        data: { email: uniqueMemberEmail("cross"), password: PASSWORD, name: "" },
      });
      expect(response.status(), path).toBe(403);
      expect(await response.text()).toContain("sent from another site");
    }
  });

  test("the sign-in form answers a burst of wrong passwords with a wait message, even for the right one", { tag: "@two-servers" }, async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "formburst");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(visitor, email, `wrong guess ${attempt}`)).alert()).toBe("Invalid email or password");
    }
    const limited = await signIn(visitor, email, PASSWORD);
    expect(limited.alert()).toMatch(TOO_MANY);
    expect(limited.url.pathname).toBe("/login");
  });

  test("wrong passwords through the API are limited per account, whatever X-Forwarded-For claims", { tag: "@two-servers" }, async ({ request, baseURL, newVisitor }) => {
    const email = await createAccount(newVisitor, "apiburst");
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
    expect(((await limited!.json()) as { message: string }).message).toMatch(TOO_MANY);
    // The wait counts down in real time from the first guess: only its bounds are known.
    expect(Number(limited!.headers()["retry-after"])).toBeGreaterThan(0);

    const right = await request.post("/api/auth/sign-in/email", {
      headers: { Origin: baseURL!, "X-Forwarded-For": "198.51.100.200" },
      data: { email, password: PASSWORD },
    });
    expect(right.status()).toBe(429);
  });
});
