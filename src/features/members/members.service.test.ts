import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { account, user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { FormError } from "@/lib/form-state";
import { getAuth } from "@/features/members/auth";
import { registerSchema, type RegisterInput } from "./members.schema";
import { authLimits, KNOWN_DEVICE_COOKIE } from "./auth-limits";
import { confirmationToken, registerConfirmedMember } from "../../../test/members";
import { CONFIRM_LINK_INVALID, confirmEmail, registerMember, signInMember } from "./members.service";
import { isCommonPassword, PASSWORD_TOO_COMMON } from "./password-policy";

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
  it("creates the user, unconfirmed, with a credential account and a hashed password, signs in, and e-mails a welcome and a confirmation link", async () => {
    expect(await registerMember(deps(), input("new.member@example.com"))).toEqual({ signedIn: true });
    const kinds = await getDb().select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, "new.member@example.com"));
    expect(kinds.map((row) => row.kind).sort()).toEqual(["confirm-email", "welcome"]);
    const [row] = await getDb().select().from(user).where(eq(user.email, "new.member@example.com"));
    expect(row).toMatchObject({ email: "new.member@example.com", name: "", emailVerified: false });
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

  it("does not sign in over an address that already has an account, changes nothing there, and tells its owner by e-mail", async () => {
    expect(await registerMember(deps(), input("twice@example.com"))).toEqual({ signedIn: true });
    const second = await registerMember(deps(), input("twice@example.com", "another long passphrase"));
    expect(second).toEqual({ signedIn: false, email: "twice@example.com" });
    expect(await getDb().select().from(user).where(eq(user.email, "twice@example.com"))).toHaveLength(1);
    const notices = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "twice@example.com"), eq(emailOutbox.kind, "existing-account")));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain("/forgot-password");
    // The first password still stands: nothing about the account changed.
    await confirmEmail(deps(), await confirmationToken("twice@example.com"));
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
  }, 60_000); // each sign-up also signs in (or fails to): two password hashes a run

  it("signs in before the address is confirmed; the link confirms it once, and a wrong password learns nothing", async () => {
    await registerMember(deps(), input("unconfirmed@example.com"));
    const firstLink = await confirmationToken("unconfirmed@example.com");
    const [member] = await getDb().select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, "unconfirmed@example.com"));
    expect(member?.emailVerified).toBe(false);
    expect(await signInMember(deps(), { email: "unconfirmed@example.com", password: strong })).toEqual({ userId: member!.id });
    // Signing in sends no further link (the profile offers "resend", rate limited).
    const links = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "unconfirmed@example.com"), eq(emailOutbox.kind, "confirm-email")));
    expect(links).toHaveLength(1);
    expect(await formError(signInMember(deps(), { email: "unconfirmed@example.com", password: "not the password" }))).toBe(
      "Invalid email or password",
    );
    expect(await confirmEmail(deps(), firstLink)).toBe("signed-in");
    expect(await confirmEmail(deps(), firstLink)).toBe("already");
    const [confirmed] = await getDb().select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, member!.id));
    expect(confirmed?.emailVerified).toBe(true);
    expect(await formError(confirmEmail(deps(), "not-a-token"))).toBe(CONFIRM_LINK_INVALID);
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
    expect(await registerMember(deps(), input("exact@example.com", "y7".repeat(64)))).toEqual({ signedIn: true });
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

  it("answers 'Invalid email or password' for a wrong password and for an unknown e-mail alike", async () => {
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
    // Another address is not blocked (the key is address + e-mail).
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
    // The owner's sign-ins above (the one that follows sign-up, and this one) were attempts from a
    // browser unknown at the time: they count too.
    const guesses = authLimits.signInAccount.max - 2;
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
