import { createHash } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { account, user, verification } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { FormError } from "@/lib/form-state";
import { MAILBOX_LIMITS } from "@/lib/email/kinds";
import { getAuth } from "@/lib/auth/auth";
import { registerSchema, type RegisterInput } from "./members.schema";
import { authLimits, KNOWN_DEVICE_COOKIE } from "@/lib/auth/auth-limits";
import { confirmationToken, registerConfirmedMember } from "../../../test/members";
import {
  CONFIRM_LINK_INVALID,
  SIGN_IN_LINK_INVALID,
  confirmEmail,
  registerMember,
  requestSignInLink,
  signInMember,
  signInWithLink,
} from "./members.service";
import { isCommonPassword, PASSWORD_TOO_COMMON } from "@/lib/auth/password-policy";

let ip = 0;
/** Each call looks like a new client address, so the action limiter only bites where a test wants it. */
function deps(address = `192.0.2.${++ip}`) {
  return { db: getDb(), auth: getAuth(), headers: new Headers({ "x-forwarded-for": address, "user-agent": "vitest" }) };
}

const strong = "correct horse battery staple";
function input(email: string, password = strong): RegisterInput {
  return { email, password, confirmPassword: password, terms: "on" };
}

/** The limiter's answer names the real wait, never a made-up one. */
function expectWaitMessage(message: string, maxSeconds: number): void {
  const match = /^Too many attempts\. Please wait (\d+) (second|minute)s? and try again, or reset your password\.$/.exec(message);
  expect(match, message).not.toBeNull();
  const seconds = Number(match![1]) * (match![2] === "minute" ? 60 : 1);
  // The wait counts down in real time from the first counted attempt, so only its bounds are known.
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(Math.ceil(maxSeconds / 60) * 60);
}

async function formError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

describe("registerMember", () => {
  it("creates the user, unconfirmed, with a credential account and a hashed password, and emails a welcome and a confirmation link", async () => {
    expect(await registerMember(deps(), input("new.member@example.com"))).toEqual({ email: "new.member@example.com" });
    const kinds = await getDb().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, "new.member@example.com"));
    expect(kinds.map((row) => row.kind).sort()).toEqual(["confirm-email", "welcome"]);
    const [row] = await getDb().select().from(user).where(eq(user.email, "new.member@example.com"));
    expect(row).toMatchObject({ email: "new.member@example.com", name: "", emailVerified: false, confirmBeforeSignIn: true });
    const userId = row!.id;
    expect(await confirmationToken("new.member@example.com")).toMatch(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/); // a signed JWT
    const credentials = await getDb()
      .select()
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ userId, providerId: "credential", accountId: userId });
    // better-auth's scrypt hash: a 16-byte salt and a 64-byte key, in hex.
    expect(credentials[0]!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });

  it("keeps the name given at sign-up (the header shows it), trimmed", async () => {
    await registerMember(deps(), { ...input("named@example.com"), name: "  Dana Whitfield " });
    const [row] = await getDb().select({ name: user.name }).from(user).where(eq(user.email, "named@example.com"));
    expect(row?.name).toBe("Dana Whitfield");
    const [welcome] = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, "named@example.com"), eq(emailOutbox.kind, "welcome")));
    expect(welcome?.textBody).toContain("Hello Dana Whitfield,");
  });

  it("answers an address that already has an account exactly as a new one, changes nothing there, and tells its owner by email", async () => {
    await registerConfirmedMember(deps(), input("twice@example.com"));
    // The answer names the address typed, nothing more, for a taken address and a new one alike.
    expect(await registerMember(deps(), input("twice@example.com", "another long passphrase"))).toEqual({ email: "twice@example.com" });
    expect(await registerMember(deps(), input("twice-fresh@example.com"))).toEqual({ email: "twice-fresh@example.com" });
    expect(await getDb().select().from(user).where(eq(user.email, "twice@example.com"))).toHaveLength(1);
    const notices = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "twice@example.com"), eq(emailOutbox.kind, "existing-account")));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain("tried to create");
    expect(notices[0]!.textBody).toContain("/forgot-password");
    expect(notices[0]!.textBody).toContain("/login");
    // The first password still stands: nothing about the account changed.
    expect(await formError(signInMember(deps(), { email: "twice@example.com", password: "another long passphrase" }))).toBe("Invalid email or password");
    const [owner] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, "twice@example.com"));
    expect(await signInMember(deps(), { email: "twice@example.com", password: strong })).toEqual({ userId: owner!.id });
  });

  it("takes about as long for an address that has an account as for a new one", async () => {
    await registerConfirmedMember(deps(), input("timing-owner@example.com"));
    const time = async (email: string) => {
      const started = performance.now();
      await registerMember(deps(), input(email));
      return performance.now() - started;
    };
    const existing: number[] = [];
    const fresh: number[] = [];
    // Interleaved, and the median of nine: one slow moment of a busy machine cannot decide it.
    for (let i = 0; i < 9; i++) {
      existing.push(await time("timing-owner@example.com"));
      fresh.push(await time(`timing-new-${i}@example.com`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[4]!;
    // Both hash the password (the slow part, ~100 ms); what is left must not give the answer away.
    expect(Math.abs(median(existing) - median(fresh))).toBeLessThan(0.5 * median(fresh));
  }, 60_000);

  it("a new sign-up's password does not sign in until the emailed link confirms the address: signing in cannot tell a new address from a taken one", async () => {
    await registerMember(deps(), input("unconfirmed@example.com"));
    const firstLink = await confirmationToken("unconfirmed@example.com");
    const [member] = await getDb().select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, "unconfirmed@example.com"));
    expect(member?.emailVerified).toBe(false);
    // The right password is answered word for word like a wrong one, over the API too, and makes no session.
    expect(await formError(signInMember(deps(), { email: "unconfirmed@example.com", password: strong }))).toBe("Invalid email or password");
    const answers = await Promise.all(
      [strong, "not the password"].map(async (password) => {
        const response = await getAuth().handler(
          new Request("http://localhost:3000/api/auth/sign-in/email", {
            method: "POST",
            headers: { origin: "http://localhost:3000", "content-type": "application/json", "x-forwarded-for": `192.0.2.${++ip}` },
            body: JSON.stringify({ email: "unconfirmed@example.com", password }),
          }),
        );
        return { status: response.status, body: await response.text(), cookie: response.headers.get("set-cookie") ?? "" };
      }),
    );
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(401);
    expect(answers[0]!.cookie).not.toContain("session_token");
    // Signing in sends no further link (the profile offers "resend", rate limited).
    const links = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "unconfirmed@example.com"), eq(emailOutbox.kind, "confirm-email")));
    expect(links).toHaveLength(1);
    // The link confirms the address and signs in; from then on the password does too.
    expect(await confirmEmail(deps(), firstLink)).toBe("signed-in");
    expect(await signInMember(deps(), { email: "unconfirmed@example.com", password: strong })).toEqual({ userId: member!.id });
    expect(await confirmEmail(deps(), firstLink)).toBe("already");
    const [confirmed] = await getDb().select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, member!.id));
    expect(confirmed?.emailVerified).toBe(true);
    expect(await formError(confirmEmail(deps(), "not-a-token"))).toBe(CONFIRM_LINK_INVALID);
  });

  it("accounts made before the rule, confirmed or not, still sign in with their password", async () => {
    // As the migration leaves them: confirm_before_sign_in false, whatever email_verified says.
    for (const [email, emailVerified] of [["legacy-unconfirmed@example.com", false], ["legacy-confirmed@example.com", true]] as const) {
      await registerMember(deps(), input(email));
      await getDb().update(user).set({ confirmBeforeSignIn: false, emailVerified }).where(eq(user.email, email));
      const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
      expect(await signInMember(deps(), { email, password: strong })).toEqual({ userId: row!.id });
    }
  });

  it("a sign-up never confirmed, tried again, mails a fresh confirmation link to the mailbox, and the form answers the same", async () => {
    await registerMember(deps(), input("again@example.com"));
    expect(await registerMember(deps(), input("again@example.com", "a different passphrase"))).toEqual({ email: "again@example.com" });
    const [notice] = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "again@example.com"), eq(emailOutbox.kind, "existing-account")));
    const token = decodeURIComponent(/\/confirm-email\?token=(\S+)/.exec(notice!.textBody)![1]!);
    expect(await confirmEmail(deps(), token)).toBe("signed-in");
    // The first sign-up's password is the account's; the second changed nothing.
    expect(await formError(signInMember(deps(), { email: "again@example.com", password: "a different passphrase" }))).toBe("Invalid email or password");
    await expect(signInMember(deps(), { email: "again@example.com", password: strong })).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it("the sign-up API answers a taken address and a new one with the same status and the same bytes, and no session", async () => {
    await registerConfirmedMember(deps(), input("api-owner@example.com"));
    const signUp = async (email: string) => {
      const response = await getAuth().handler(
        new Request("http://localhost:3000/api/auth/sign-up/email", {
          method: "POST",
          headers: { origin: "http://localhost:3000", "content-type": "application/json", "x-forwarded-for": `192.0.2.${++ip}` },
          body: JSON.stringify({ email, password: strong, name: "Pat" }),
        }),
      );
      return { status: response.status, body: await response.text(), cookie: response.headers.get("set-cookie") ?? "" };
    };
    const taken = await signUp("api-owner@example.com");
    const fresh = await signUp("api-fresh@example.com");
    expect(taken).toEqual(fresh);
    expect(taken).toEqual({ status: 200, body: '{"status":true}', cookie: "" });
    expect(await getDb().select({ id: user.id }).from(user).where(eq(user.email, "api-fresh@example.com"))).toHaveLength(1);
  });

  it("refuses the common passwords, whatever their case, and creates nothing", async () => {
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("IloveYou")).toBe(true);
    expect(isCommonPassword(strong)).toBe(false);
    for (const password of ["password1", "TrustNo1", "qwertyuiop"]) {
      const email = `common-${password.toLowerCase()}@example.com`;
      expect(await formError(registerMember(deps(), input(email, password)))).toBe(PASSWORD_TOO_COMMON);
      expect(await getDb().select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });

  it("the provider refuses passwords under 8 or over 128 characters", async () => {
    expect(await formError(registerMember(deps(), input("short@example.com", "k9#Tz!q")))).toBe("Password too short");
    expect(await formError(registerMember(deps(), input("long@example.com", "x".repeat(129))))).toBe("Password too long");
    expect(await registerMember(deps(), input("exact@example.com", "y7".repeat(64)))).toEqual({ email: "exact@example.com" });
  });

  it("the form schema refuses them too, and mismatched confirmations and missing terms", () => {
    const short = registerSchema.safeParse({ ...input("a@example.com", "k9#Tz!q"), terms: "on" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 8 characters.");
    const long = registerSchema.safeParse(input("a@example.com", "x".repeat(129)));
    expect(long.error?.issues[0]?.message).toBe("Password must be 128 characters or fewer.");
    const mismatch = registerSchema.safeParse({ ...input("a@example.com"), confirmPassword: "something else entirely" });
    expect(mismatch.error?.issues).toEqual([expect.objectContaining({ path: [], message: "Passwords do not match" })]);
    const noTerms = registerSchema.safeParse({ ...input("a@example.com"), terms: undefined });
    expect(noTerms.error?.issues[0]?.path).toEqual(["terms"]);
  });

  it("limits sign-ups per address", async () => {
    const address = "198.51.100.99";
    for (let i = 0; i < authLimits.signUpAddress.max; i++) {
      // Common password: refused by better-auth, but every attempt counts.
      await registerMember(deps(address), input(`burst-${i}@example.com`, "password1")).catch(() => undefined);
    }
    expectWaitMessage(await formError(registerMember(deps(address), input("burst-last@example.com"))), authLimits.signUpAddress.window);
    expect(await getDb().select().from(user).where(eq(user.email, "burst-last@example.com"))).toHaveLength(0);
  });
});

describe("signInMember", () => {
  it("signs in with the right password and creates a session", async () => {
    const { userId } = await registerConfirmedMember(deps(), input("signin@example.com"));
    const result = await signInMember(deps(), { email: "signin@example.com", password: strong });
    expect(result.userId).toBe(userId);
  });

  it("answers 'Invalid email or password' for a wrong password and for an unknown email alike", async () => {
    await registerConfirmedMember(deps(), input("wrong@example.com"));
    expect(await formError(signInMember(deps(), { email: "wrong@example.com", password: "not the password" }))).toBe(
      "Invalid email or password",
    );
    expect(await formError(signInMember(deps(), { email: "nobody@example.com", password: "not the password" }))).toBe(
      "Invalid email or password",
    );
  });

  it("blocks a burst of wrong passwords for one account from one address, even the right one", async () => {
    const { userId } = await registerConfirmedMember(deps(), input("burst@example.com"));
    const address = "203.0.113.50";
    for (let i = 0; i < authLimits.signInAccountAddress.max; i++) {
      expect(await formError(signInMember(deps(address), { email: "burst@example.com", password: `guess number ${i}` }))).toBe(
        "Invalid email or password",
      );
    }
    expectWaitMessage(
      await formError(signInMember(deps(address), { email: "burst@example.com", password: strong })),
      authLimits.signInAccountAddress.window,
    );
    // Another address is not blocked (the key is address + email).
    expect(await signInMember(deps("203.0.113.51"), { email: "burst@example.com", password: strong })).toEqual({ userId });
  });

  it("a successful sign-in clears earlier failures", async () => {
    const { userId } = await registerConfirmedMember(deps(), input("typo@example.com"));
    const address = "203.0.113.60";
    for (let i = 0; i < authLimits.signInAccountAddress.max - 1; i++) {
      await signInMember(deps(address), { email: "typo@example.com", password: "typo" }).catch(() => undefined);
    }
    await signInMember(deps(address), { email: "typo@example.com", password: strong });
    for (let i = 0; i < authLimits.signInAccountAddress.max - 1; i++) {
      await signInMember(deps(address), { email: "typo@example.com", password: "typo" }).catch(() => undefined);
    }
    expect(await signInMember(deps(address), { email: "typo@example.com", password: strong })).toEqual({ userId });
  });
});

/** Signs in through better-auth and returns the known-device cookie it set for this browser. */
async function knownDeviceCookie(email: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: strong }, headers: deps().headers, returnHeaders: true });
  const cookies = headers.getSetCookie().filter((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  expect(cookies).toHaveLength(1);
  return cookies[0]!.split(";")[0]!;
}

describe("signInMember across addresses", () => {
  it("slows guessing from many addresses without locking the owner out of a browser they used before", async () => {
    const { userId } = await registerConfirmedMember(deps(), input("targeted@example.com"));
    const ownersBrowser = await knownDeviceCookie("targeted@example.com");
    // The owner's sign-in above was an attempt from a browser unknown at the time: it counts too.
    const guesses = authLimits.signInAccount.max - 1;
    for (let i = 0; i < guesses; i++) {
      expect(await formError(signInMember(deps(), { email: "targeted@example.com", password: "wrong password guess" }))).toBe(
        "Invalid email or password",
      );
    }
    // A new address without the cookie is refused, with the real wait…
    expectWaitMessage(
      await formError(signInMember(deps(), { email: "targeted@example.com", password: strong })),
      authLimits.signInAccount.window,
    );
    // …a forged or foreign cookie changes nothing…
    const forged = deps();
    forged.headers.set("cookie", `${KNOWN_DEVICE_COOKIE}=abc.def`);
    expectWaitMessage(await formError(signInMember(forged, { email: "targeted@example.com", password: strong })), authLimits.signInAccount.window);
    // …and the owner's own browser still signs in.
    const owner = deps();
    owner.headers.set("cookie", ownersBrowser);
    expect(await signInMember(owner, { email: "targeted@example.com", password: strong })).toEqual({ userId });
  }, 120_000); // every wrong guess costs a deliberately slow password hash
});


/** The token of the newest sign-in link emailed to `email`, read from the outbox as a mail client would. */
async function signInLinkToken(email: string): Promise<string> {
  const mails = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "sign-in-link")))
    // The newest: without an order, a row the outbox has since updated can come last.
    .orderBy(asc(emailOutbox.id));
  const link = /http\S+\/sign-in-link\?token=([^&\s]+)/.exec(mails.at(-1)?.textBody ?? "");
  if (!link) throw new Error(`no sign-in link emailed to ${email}`);
  return decodeURIComponent(link[1]!);
}

async function outboxKinds(email: string): Promise<string[]> {
  return (await getDb().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((row) => row.kind).sort();
}

describe("the emailed sign-in link", () => {
  it("lets the owner of an account locked by guesses in from a new browser, lifts the lock, and works once", async () => {
    const { userId } = await registerConfirmedMember(deps(), input("locked@example.com"));
    for (let i = 0; i < authLimits.signInAccount.max; i++) {
      await signInMember(deps(), { email: "locked@example.com", password: `guess ${i}` }).catch(() => undefined);
    }
    // The lock: the right password from a browser that never signed in here is refused.
    expectWaitMessage(await formError(signInMember(deps(), { email: "locked@example.com", password: strong })), authLimits.signInAccount.window);

    expect(await requestSignInLink(deps(), { email: "locked@example.com" })).toEqual({ email: "locked@example.com" });
    const token = await signInLinkToken("locked@example.com");
    // Stored hashed, like the other tokens: the database never holds the token itself.
    const rows = await getDb().select().from(verification).where(like(verification.identifier, "magic-link:%"));
    const hashed = `magic-link:${createHash("sha256").update(token).digest("base64url")}`;
    expect(rows.map((row) => row.identifier)).toContain(hashed);
    expect(JSON.stringify(rows)).not.toContain(token);

    const browser = deps();
    const { headers: answer } = await getAuth().api.magicLinkVerify({ query: { token }, headers: browser.headers, returnHeaders: true });
    expect(answer.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
    // Used up: a second press (or a copy of the email) signs nobody in.
    expect(await formError(signInWithLink(deps(), token))).toBe(SIGN_IN_LINK_INVALID);
    // The lock is lifted: the password works again from any new browser.
    expect(await signInMember(deps(), { email: "locked@example.com", password: strong })).toEqual({ userId });
  }, 120_000); // every wrong guess costs a deliberately slow password hash

  it("signs in through the form's service and sends the member on; an expired link does nothing", async () => {
    const { userId } = await registerConfirmedMember(deps(), input("link-owner@example.com"));
    await requestSignInLink(deps(), { email: "link-owner@example.com" });
    expect(await signInWithLink(deps(), await signInLinkToken("link-owner@example.com"))).toEqual({ userId });

    await requestSignInLink(deps(), { email: "link-owner@example.com" });
    const late = await signInLinkToken("link-owner@example.com");
    const identifier = `magic-link:${createHash("sha256").update(late).digest("base64url")}`;
    const [row] = await getDb().select({ expiresAt: verification.expiresAt, createdAt: verification.createdAt }).from(verification).where(eq(verification.identifier, identifier));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(15, 0);
    // Fifteen minutes later, as far as the link is concerned.
    await getDb().update(verification).set({ expiresAt: new Date(row!.createdAt.getTime() - 1000) }).where(eq(verification.identifier, identifier));
    expect(await formError(signInWithLink(deps(), late))).toBe(SIGN_IN_LINK_INVALID);
  });

  it("answers an address without an account exactly as one with, over the form and the API, and mails only the owner", async () => {
    await registerConfirmedMember(deps(), input("has-account@example.com"));
    expect(await requestSignInLink(deps(), { email: "no-account@example.com" })).toEqual({ email: "no-account@example.com" });
    expect(await outboxKinds("no-account@example.com")).toEqual([]);
    const ask = async (email: string) => {
      const response = await getAuth().handler(
        new Request("http://localhost:3000/api/auth/sign-in/magic-link", {
          method: "POST",
          headers: { origin: "http://localhost:3000", "content-type": "application/json", "x-forwarded-for": `192.0.2.${++ip}` },
          body: JSON.stringify({ email }),
        }),
      );
      return { status: response.status, body: await response.text(), cookie: response.headers.get("set-cookie") ?? "" };
    };
    expect(await ask("has-account@example.com")).toEqual(await ask("nobody-here@example.com"));
    expect(await outboxKinds("has-account@example.com")).toContain("sign-in-link");
    expect(await outboxKinds("nobody-here@example.com")).toEqual([]);
  });

  it("is limited per client address (a wait message) and per mailbox (the same answer, no more mail)", async () => {
    await registerConfirmedMember(deps(), input("limited-link@example.com"));
    const address = "203.0.113.80";
    for (let i = 0; i < authLimits.signInLinkAddress.max; i++) {
      expect(await requestSignInLink(deps(address), { email: `someone-${i}@example.com` })).toEqual({ email: `someone-${i}@example.com` });
    }
    expectWaitMessage(await formError(requestSignInLink(deps(address), { email: "limited-link@example.com" })), authLimits.signInLinkAddress.window);

    for (let i = 0; i < MAILBOX_LIMITS["sign-in-link-mail"].max + 2; i++) {
      expect(await requestSignInLink(deps(), { email: "limited-link@example.com" })).toEqual({ email: "limited-link@example.com" });
    }
    const links = (await outboxKinds("limited-link@example.com")).filter((kind) => kind === "sign-in-link");
    expect(links).toHaveLength(MAILBOX_LIMITS["sign-in-link-mail"].max);
  });

  it("a sign-up never confirmed that signs in by link is confirmed by it: its password setting from before is removed (it proved nothing)", async () => {
    await registerMember(deps(), input("link-unconfirmed@example.com"));
    await requestSignInLink(deps(), { email: "link-unconfirmed@example.com" });
    const [mail] = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "link-unconfirmed@example.com"), eq(emailOutbox.kind, "sign-in-link")));
    expect(mail!.textBody).toContain("Your address was never confirmed");
    const { userId } = await signInWithLink(deps(), await signInLinkToken("link-unconfirmed@example.com"));
    const [row] = await getDb().select().from(user).where(eq(user.id, userId));
    expect(row).toMatchObject({ emailVerified: true, confirmBeforeSignIn: false });
    expect(await getDb().select().from(account).where(eq(account.userId, userId))).toEqual([]);
  });
});

describe("the account API and characters PostgreSQL cannot store", () => {
  async function post(path: string, body: unknown, cookie?: string): Promise<Response> {
    const origin = "http://localhost:3000";
    return getAuth().handler(
      new Request(`${origin}/api/auth${path}`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", "x-forwarded-for": `192.0.2.${++ip}`, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      }),
    );
  }

  it("answers 400 with a clear message for a NUL in any field, and changes nothing", async () => {
    await registerConfirmedMember(deps(), input("nul-owner@example.com"));
    const signIn = await getAuth().api.signInEmail({ body: { email: "nul-owner@example.com", password: strong }, headers: deps().headers, returnHeaders: true });
    const session = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    const attempts = [
      await post("/update-user", { name: "Jane\u0000Doe" }, session),
      await post("/reset-password", { newPassword: `long passphrase\u0000here`, token: "abc" }),
      await post("/sign-up/email", { email: "nul-new@example.com", password: strong, name: "a\u0000b" }),
      await post("/change-password", { currentPassword: strong, newPassword: "another\u0001passphrase" }, session),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: "The request contains characters we can't accept." });
    }
    const [owner] = await getDb().select().from(user).where(eq(user.email, "nul-owner@example.com"));
    expect(owner!.name).toBe("");
    expect(await getDb().select().from(user).where(eq(user.email, "nul-new@example.com"))).toHaveLength(0);
  });
});
