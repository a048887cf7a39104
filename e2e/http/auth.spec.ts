/**
 * Sign-up, sign-in and sign-out as the server answers them: the register and login forms posted without
 * JavaScript (Next's server actions), the emails written, where a sign-in leads (?next=), the session
 * ended for good on sign-out, and the auth API's protections (cross-origin posts, rate limits). The same
 * forms with JavaScript (client-side checks, focus on the red box, pending button, keyboard) and axe:
 * e2e/auth.spec.ts.
 */
import { deliveredTo, siteWithMail, waitForDelivered } from "../mail";
import { confirmationToken, signUpMember, uniqueMemberEmail } from "../member";
import { countEmails, waitForEmail } from "../outbox";
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

/** Presses Confirm on the page the emailed confirmation link opens (without JavaScript): signed in, sent on. */
async function confirmByLink(visitor: TextBrowser, email: string): Promise<HttpPage> {
  const token = confirmationToken((await waitForEmail(email, "confirm-email")).textBody);
  return (await visitor.get(`/confirm-email?token=${encodeURIComponent(token)}`)).form({ button: "Confirm my email" }).submit();
}

/** What the register form's answer says, with the address typed taken out: the same for every address. */
const answerOf = (page: HttpPage, email: string) => ({ status: page.status, path: page.path, main: page.text("main").replaceAll(email, "<address>") });

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
  test("creates the account with a name: 'Check your email', then the emailed link confirms the address and signs in on /, the header shows the name", { tag: "@two-servers" }, async ({ visitor }) => {
    const page = await visitor.get("/register");
    expect(page.heading(1)).toBe("Create Account");
    const email = uniqueMemberEmail("register");
    const answer = await register(visitor, email, { name: "Dana Whitfield" });
    expect(answer.status).toBe(200);
    expect(answer.path).toBe("/register");
    expect(answer.statuses().map((text) => text.replace(/\s+/g, " "))).toEqual([expect.stringContaining(`Check your email We sent a message to ${email}.`)]);
    // Not signed in yet: the site's header still offers "Login / Register", and the password does not sign in.
    expect(accountLinks(await visitor.get("/about"), "Login / Register")).toEqual(["/login", "/login"]);
    expect((await signIn(visitor, email, PASSWORD)).alert()).toBe("Invalid email or password");
    expect((await waitForEmail(email, "welcome")).textBody).toContain("Hello Dana Whitfield,");

    // The confirmation link's page holds a Confirm button; pressing it confirms the address and signs in,
    // on the profile, which says what happened and what comes next.
    const home = await confirmByLink(visitor, email);
    expect(home.path).toBe("/profile?welcome=1");
    expect(home.text("[data-testid=welcome-notice] [role=status]")).toBe(`Your email address ${email} is confirmed and you are signed in.`);
    expect(home.links("register for an event", "[data-testid=welcome-notice]").map((l) => l.href)).toEqual(["/calendar"]);
    // Opening the link again, signed in: no button and no "sign in", but that it is done.
    const again = await visitor.get(`/confirm-email?token=${encodeURIComponent(confirmationToken((await waitForEmail(email, "confirm-email")).textBody))}`);
    expect(again.heading(1)).toBe("Your email is confirmed");
    expect(again.buttons("main")).toEqual([]);
    expect(again.text("main")).not.toMatch(/sign in/i);
    expect(again.link("Go to your profile", "main").href).toBe("/profile?welcome=1");
    expect(accountLinks(home, "Dana Whitfield")).toEqual(["/profile", "/profile"]);
    expect(home.links("Login / Register")).toEqual([]);
    const profile = await visitor.get("/profile");
    expect(profile.path).toBe("/profile");
    expect(profile.byTestId("confirm-address-notice")).toHaveLength(0);
    // From now on the password signs in too.
    await profile.form({ button: "Sign Out" }).submit();
    expect((await signIn(visitor, email, PASSWORD)).path).toBe("/");
  });

  test("without a name the header says 'Member'; the first HTML is already right (no flash of 'Login / Register')", async ({ visitor }) => {
    const email = uniqueMemberEmail("noflash");
    await register(visitor, email);
    const home = await confirmByLink(visitor, email);
    expect(home.path).toBe("/profile?welcome=1");
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

  test("without JavaScript a taken address gets the very answer a new one gets (200, the same panel, nobody signed in); only the mailboxes differ", async ({ newVisitor }) => {
    const taken = await createAccount(newVisitor, "dupe-form");
    const fresh = uniqueMemberEmail("fresh-form");
    const [takenVisitor, freshVisitor] = [await newVisitor(), await newVisitor()];
    const takenAnswer = await register(takenVisitor, taken, { password: "another long passphrase" });
    const freshAnswer = await register(freshVisitor, fresh);
    expect(answerOf(takenAnswer, taken)).toEqual(answerOf(freshAnswer, fresh));
    expect(takenAnswer.status).toBe(200);
    expect(takenAnswer.heading(2)).toBe("Check your email");
    for (const visitor of [takenVisitor, freshVisitor]) expect(accountLinks(await visitor.get("/about"), "Login / Register")).toEqual(["/login", "/login"]);
    // The owner is told; the account is unchanged (one account, the first password still signs in).
    expect((await waitForEmail(taken, "existing-account")).textBody).toContain("tried to create");
    expect(await countEmails(taken, "confirm-email")).toBe(1); // only its own sign-up's
    expect(await accountsWith(taken)).toBe(1);
    expect((await signIn(await newVisitor(), taken, PASSWORD)).path).toBe("/");
    expect((await waitForEmail(fresh, "confirm-email")).textBody).toContain("/confirm-email?token=");
  });

  test.describe("the mail that differs, delivered over SMTP", () => {
    const site = siteWithMail();
    test.use({ baseURL: site.url });

    test("a new address gets the welcome and the link that signs in; a taken one gets 'someone tried to create an account' with sign-in and reset", async ({ newVisitor }) => {
      const { email: taken } = await signUpMember((await newVisitor(site)).request, { email: uniqueMemberEmail("dupe-smtp"), site });
      const fresh = uniqueMemberEmail("fresh-smtp");
      const visitor = await newVisitor(site);
      expect(answerOf(await register(await newVisitor(site), taken), taken)).toEqual(answerOf(await register(visitor, fresh), fresh));

      const notice = await waitForDelivered(taken, /^You already have a .* account$/);
      expect(notice.text).toContain("tried to create");
      expect(notice.text).toMatch(/Sign in: https?:\/\/\S+\/login/);
      expect(notice.text).toMatch(/https?:\/\/\S+\/forgot-password/);
      expect((await deliveredTo(taken)).filter((m) => /^Confirm your email/.test(m.subject))).toHaveLength(1); // its own sign-up's

      await waitForDelivered(fresh, /^Welcome to /);
      const confirmation = await waitForDelivered(fresh, /^Confirm your email for /);
      const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(confirmation.text)![0];
      const home = await (await visitor.get(link)).form({ button: "Confirm my email" }).submit();
      expect(home.path).toBe("/profile?welcome=1");
      expect(accountLinks(home, "Member")).toEqual(["/profile", "/profile"]);
      expect((await deliveredTo(fresh)).some((m) => /already have/.test(m.subject))).toBe(false);
    });
  });

  test("over the API, a taken address and a new one get the same status and the same bytes, and no session", async ({ newVisitor, request, baseURL }) => {
    const email = await createAccount(newVisitor, "dupe-api");
    const origin = new URL(baseURL!).origin;
    const taken = await request.post("/api/auth/sign-up/email", { headers: { Origin: origin }, data: { email, password: PASSWORD, name: "" } });
    const freshEmail = uniqueMemberEmail("fresh");
    const fresh = await request.post("/api/auth/sign-up/email", { headers: { Origin: origin }, data: { email: freshEmail, password: PASSWORD, name: "" } });
    expect([taken.status(), fresh.status()]).toEqual([200, 200]);
    // Byte for byte: no user object (its "role" told the two apart), nothing echoed back.
    expect(await taken.text()).toBe(await fresh.text());
    expect(await taken.text()).toBe('{"status":true}');
    for (const answer of [taken, fresh]) expect(answer.headers()["set-cookie"] ?? "").not.toContain("session_token");
    // Signing in right away with the password just sent cannot tell either: for the new account it is
    // refused exactly as a wrong password is for the taken one (it waits for the confirmation link).
    const signInFresh = await request.post("/api/auth/sign-in/email", { headers: { Origin: origin }, data: { email: freshEmail, password: PASSWORD } });
    const signInTaken = await request.post("/api/auth/sign-in/email", { headers: { Origin: origin }, data: { email, password: "another long passphrase" } });
    expect([signInFresh.status(), await signInFresh.text()]).toEqual([signInTaken.status(), await signInTaken.text()]);
    expect(signInFresh.status()).toBe(401);
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

  test("a wrong password comes back 422 with the provider's message in the red box, the email kept and the password not", async ({ visitor, newVisitor }) => {
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
    // The answer that ended the session has the browser clear what the site stored (the door's offline list).
    expect(home.hops[0]!.headers["clear-site-data"]).toBe('"storage"');
    expect(home.hops.slice(1).map((hop) => hop.headers["clear-site-data"])).toEqual(home.hops.slice(1).map(() => undefined));

    // Replay the cookie from before sign-out in a fresh client: the session is gone from the database.
    const replay = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
    const { TextBrowser } = await import("./text-browser");
    const old = await new TextBrowser(replay, visitor.origin).get("/profile");
    expect(old.path).toBe("/login?next=%2Fprofile");
    await replay.dispose();
  });

  test("an hour after its last refresh a session's expiry moves on 30 days; an answer that can set cookies sets the session's again for as long, a page's render cannot", async ({ signedIn }) => {
    const { browser, email } = await signedIn(null);
    const expiry = async () => (await query<{ expires_at: Date }>(`select s.expires_at from session s join "user" u on u.id = s.user_id where u.email = $1`, [email]))[0]!.expires_at.getTime();
    // Last refreshed 29 days ago, as the fixture's session is: due.
    const thirtyDays = 30 * 24 * 3_600_000;
    const due = async () => {
      await query(`update session set expires_at = now() + interval '1 day' from "user" u where u.id = session.user_id and u.email = $1`, [email]);
      return expiry();
    };
    const sessionCookies = (answer: HttpPage) => (answer.hops[0]!.headers["set-cookie"] ?? "").split("\n").filter((cookie) => cookie.startsWith("better-auth.session_token="));

    let before = await due();
    const page = await browser.get("/about");
    expect(page.status).toBe(200);
    expect(accountLinks(page, "Member")).toEqual(["/profile", "/profile"]);
    expect(sessionCookies(page)).toEqual([]);
    expect(await expiry()).toBeGreaterThan(before + thirtyDays - 2 * 24 * 3_600_000);

    const product = await browser.get("/shop/tactical-cap");
    before = await due();
    const added = await product.form("main form[action='/shop/cart/add']").submit();
    expect(added.firstStatus).toBe(303);
    const [refreshed] = sessionCookies(added);
    expect(refreshed).toMatch(/; Max-Age=2592000(;|$)/);
    expect(refreshed).toMatch(/; HttpOnly/i);
    expect(refreshed).toMatch(/; SameSite=Lax/i);
    expect(await expiry()).toBeGreaterThan(before + thirtyDays - 2 * 24 * 3_600_000);
    // The same session, set again: the next page is still theirs.
    expect(accountLinks(await browser.get("/about"), "Member")).toEqual(["/profile", "/profile"]);
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

  test("paused by wrong passwords, the form offers 'Email me a sign-in link': without JavaScript the link signs in, works once and lifts the pause; an address without an account gets the same answer", async ({ visitor, newVisitor }) => {
    const email = await createAccount(newVisitor, "paused");
    for (let attempt = 1; attempt <= 5; attempt++) await signIn(visitor, email, `wrong guess ${attempt}`);
    const paused = await signIn(visitor, email, PASSWORD);
    expect(paused.alert()).toMatch(TOO_MANY);
    const offer = paused.link("Email me a sign-in link", "main");
    expect(offer.href).toBe("/sign-in-link");

    const ask = async (browser: TextBrowser, address: string) => (await browser.get(offer.href)).form({ button: "Email me a sign-in link" }).fill("Email", address).submit();
    const sent = await ask(visitor, email);
    const nobody = uniqueMemberEmail("no-account");
    const nobodyAnswer = await ask(await newVisitor(), nobody);
    expect(answerOf(sent, email)).toEqual(answerOf(nobodyAnswer, nobody));
    expect(sent.status).toBe(200);
    expect(sent.statuses().map((text) => text.replace(/\s+/g, " "))).toEqual([
      expect.stringContaining(`If an account uses ${email}, we sent it a sign-in link. The link works once and expires in 15 minutes.`),
    ]);

    const link = /https?:\/\/\S+\/sign-in-link\?token=\S+/.exec((await waitForEmail(email, "sign-in-link")).textBody)![0];
    // Opening the link (a mail scanner does) changes nothing; pressing Sign in does.
    const page = await visitor.get(link);
    expect(page.heading(1)).toBe("Sign in with your link");
    const home = await page.form({ button: "Sign in" }).submit();
    expect(home.path).toBe("/");
    expect(accountLinks(home, "Member")).toEqual(["/profile", "/profile"]);

    // Used up, whoever presses it next.
    const again = await (await (await newVisitor()).get(link)).form({ button: "Sign in" }).submit();
    expect(again.alert()).toBe("This sign-in link is invalid, was already used or has expired. Please ask for a new one.");
    // The pause is lifted: after signing out, the password signs in again at once.
    await (await visitor.get("/profile")).form({ button: "Sign Out" }).submit();
    expect((await signIn(visitor, email, PASSWORD)).path).toBe("/");
    expect(await countEmails(nobody, "sign-in-link")).toBe(0);
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
