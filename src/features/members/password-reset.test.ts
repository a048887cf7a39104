import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { session, verification } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { FormError } from "@/lib/form-state";
import { getAuth } from "@/lib/auth/auth";
import { registerConfirmedMember } from "../../../test/members";
import {
  RESET_LINK_INVALID,
  registerMember,
  requestPasswordReset,
  resetPassword,
  signInMember,
} from "./members.service";
import { fromNow } from "../../../test/time";
import { changeMemberPassword } from "@/features/profile/profile.service";

let ip = 0;
function deps() {
  return { db: getDb(), auth: getAuth(), headers: new Headers({ "x-forwarded-for": `198.51.100.${++ip}`, "user-agent": "vitest" }) };
}

const original = "original long passphrase";
const replacement = "brand new long passphrase";

async function member(email: string) {
  const { userId } = await registerConfirmedMember(deps(), { email, password: original, confirmPassword: original, terms: "on" });
  return userId;
}

/** The token from the newest reset email to `email`, read from the outbox like a mail client would. */
async function tokenFromEmail(email: string): Promise<string> {
  const [message] = await getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const link = /http\S+\/reset-password\?token=(\S+)/.exec(message!.textBody);
  expect(link).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

const resetInput = (token: string, password = replacement) => ({ token, password, confirmPassword: password });

describe("password reset", () => {
  it("emails a link to our reset page through the outbox, and answers the same for unknown addresses", async () => {
    await member("forgetful@example.com");
    expect(await requestPasswordReset(deps(), { email: "forgetful@example.com" })).toEqual({ email: "forgetful@example.com" });
    expect(await requestPasswordReset(deps(), { email: "nobody@example.com" })).toEqual({ email: "nobody@example.com" });

    // Other tests in this file send reset mail too: only this test's two addresses count here.
    const messages = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "password-reset"), inArray(emailOutbox.toAddress, ["forgetful@example.com", "nobody@example.com"])));
    expect(messages.map((m) => m.toAddress)).toEqual(["forgetful@example.com"]);
    expect(messages[0]!.subject).toMatch(/Reset your/);
    expect(messages[0]!.textBody).toMatch(/expires in one hour/);
    expect(await tokenFromEmail("forgetful@example.com")).toMatch(/^\S{16,}$/);
  });

  it("sets the new password: the old one stops working and the new one signs in", async () => {
    const userId = await member("reset.me@example.com");
    await requestPasswordReset(deps(), { email: "reset.me@example.com" });
    await resetPassword(deps(), resetInput(await tokenFromEmail("reset.me@example.com")));

    expect(await rejection(signInMember(deps(), { email: "reset.me@example.com", password: original }))).toBe("Invalid email or password");
    await expect(signInMember(deps(), { email: "reset.me@example.com", password: replacement })).resolves.toEqual({ userId });
  });

  it("works once: the same token cannot set a password twice", async () => {
    const userId = await member("once@example.com");
    await requestPasswordReset(deps(), { email: "once@example.com" });
    const token = await tokenFromEmail("once@example.com");
    await resetPassword(deps(), resetInput(token));
    expect(await rejection(resetPassword(deps(), resetInput(token, "a third long passphrase")))).toBe(RESET_LINK_INVALID);
    await expect(signInMember(deps(), { email: "once@example.com", password: replacement })).resolves.toEqual({ userId });
  });

  it("expires within an hour", async () => {
    const userId = await member("late@example.com");
    await requestPasswordReset(deps(), { email: "late@example.com" });
    const token = await tokenFromEmail("late@example.com");
    const [stored] = await getDb().select().from(verification).where(like(verification.identifier, `%${token}`));
    const lifetimeMs = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    // Two clocks a few milliseconds apart (better-auth's expiry, the row's creation): one hour, give or take a second.
    expect(lifetimeMs).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetimeMs).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);

    await getDb().update(verification).set({ expiresAt: fromNow(-1000) }).where(eq(verification.id, stored!.id));
    expect(await rejection(resetPassword(deps(), resetInput(token)))).toBe(RESET_LINK_INVALID);
    await expect(signInMember(deps(), { email: "late@example.com", password: original })).resolves.toEqual({ userId });
  });

  it("revokes every session of the member", async () => {
    const userId = await member("signed.in@example.com");
    await signInMember(deps(), { email: "signed.in@example.com", password: original });
    // Confirming the email signed the member in, and the sign-in above is the second session.
    expect(await getDb().select().from(session).where(eq(session.userId, userId))).toHaveLength(2);

    await requestPasswordReset(deps(), { email: "signed.in@example.com" });
    await resetPassword(deps(), resetInput(await tokenFromEmail("signed.in@example.com")));
    expect(await getDb().select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
  });

  it("a reset proves the mailbox: a sign-up never confirmed then signs in with the new password (and not the one typed at sign-up)", async () => {
    await registerMember(deps(), { email: "reset-unconfirmed@example.com", password: original, confirmPassword: original, terms: "on" });
    expect(await rejection(signInMember(deps(), { email: "reset-unconfirmed@example.com", password: original }))).toBe("Invalid email or password");
    await requestPasswordReset(deps(), { email: "reset-unconfirmed@example.com" });
    await resetPassword(deps(), resetInput(await tokenFromEmail("reset-unconfirmed@example.com")));
    await expect(signInMember(deps(), { email: "reset-unconfirmed@example.com", password: replacement })).resolves.toMatchObject({ userId: expect.any(String) });
  });

  it("refuses a common or short new password and keeps the token usable", async () => {
    const userId = await member("picky@example.com");
    await requestPasswordReset(deps(), { email: "picky@example.com" });
    const token = await tokenFromEmail("picky@example.com");
    expect(await rejection(resetPassword(deps(), resetInput(token, "password1")))).toMatch(/too common/);
    expect(await rejection(resetPassword(deps(), resetInput(token, "x".repeat(129))))).toMatch(/too long/i);
    await resetPassword(deps(), resetInput(token));
    await expect(signInMember(deps(), { email: "picky@example.com", password: replacement })).resolves.toEqual({ userId });
  });
});

describe("password reset, against abuse", () => {
  it("a used link retires every other link still out for the member", async () => {
    const userId = await member("two-links@example.com");
    await requestPasswordReset(deps(), { email: "two-links@example.com" });
    const older = await tokenFromEmail("two-links@example.com");
    await requestPasswordReset(deps(), { email: "two-links@example.com" });
    const newer = await tokenFromEmail("two-links@example.com");
    expect(newer).not.toBe(older);

    await resetPassword(deps(), resetInput(newer));
    expect(await rejection(resetPassword(deps(), resetInput(older, "yet another long passphrase")))).toBe(RESET_LINK_INVALID);
    expect(await signInMember(deps(), { email: "two-links@example.com", password: replacement })).toEqual({ userId });
  });

  it("sends at most three reset emails an hour to one mailbox, and answers the same after that", async () => {
    await member("flooded@example.com");
    for (let i = 0; i < 6; i++) {
      // A new address each time: the per-address limit is not what stops this.
      expect(await requestPasswordReset(deps(), { email: "flooded@example.com" })).toEqual({ email: "flooded@example.com" });
    }
    const sent = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "flooded@example.com"), eq(emailOutbox.kind, "password-reset")));
    expect(sent).toHaveLength(3);
  });
});

describe("a reset link mailed before a change", () => {
  it("stops working once the member changes the password in the profile", async () => {
    const email = `changer-${randomUUID()}@example.com`;
    await member(email);
    await requestPasswordReset(deps(), { email });
    const staleToken = await tokenFromEmail(email);

    const { headers: signedIn } = await getAuth().api.signInEmail({ body: { email, password: original }, headers: deps().headers, returnHeaders: true });
    const cookie = signedIn.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const headers = new Headers({ cookie, "user-agent": "vitest", "x-forwarded-for": "198.51.100.250" });
    const userId = (await getAuth().api.getSession({ headers }))!.user.id;
    await changeMemberPassword({ db: getDb(), auth: getAuth(), headers }, userId, {
      currentPassword: original,
      newPassword: replacement,
      confirmPassword: replacement,
      revokeOtherSessions: false,
    });

    expect(await rejection(resetPassword(deps(), resetInput(staleToken, "attacker chosen passphrase")))).toBe(RESET_LINK_INVALID);
    await expect(signInMember(deps(), { email, password: replacement })).resolves.toEqual({ userId });
  });
});
