import { randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { idleState } from "@/lib/form-state";
import { hashOpaqueToken } from "@/lib/opaque-token";
import { getMemberSettings } from "@/features/profile/profile.queries";
import { MARKETING_CONFIRMATION_SENT, saveSettings } from "@/features/profile/profile.service";
import { testDb } from "../../../test/db";
import { form } from "../../../test/form";
import { confirmSubscriptionAction, subscribeAction, unsubscribeAction } from "./newsletter.actions";
import { CONFIRM_LINK_LAPSED, signUpAnswer } from "./newsletter.schema";
import {
  CONFIRM_LINK_DAYS,
  confirmSubscription,
  deleteLapsedSignUps,
  marketingConsentOf,
  pendingSignUpFor,
  requestSubscription,
  setMarketingConsent,
  unsubscribeAddress,
} from "./newsletter.service";

// The request a server action runs in: the HTTP front sets X-Forwarded-For to the socket's address.
const request = vi.hoisted(() => ({ address: "203.0.113.20" }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": request.address }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const DAY = 24 * 60 * 60 * 1000;
/** Every test reads the app's clock from here, never from today's date. */
const NOW = new Date("2027-06-20T15:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

/** A mailbox no other test uses, lower case. */
const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
/** A client address of the test's own, so the per-address limit counts its requests only. */
const ownClientAddress = () => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  request.address = `10.${octet()}.${octet()}.${octet()}`;
};

async function row(email: string) {
  const [found] = await testDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return found;
}

async function mails(email: string) {
  return testDb()
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody, expiresAt: emailOutbox.expiresAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.id);
}

/** The token in the newest confirmation email to `email`, as its reader would take it from the link. */
async function linkToken(email: string): Promise<string> {
  const [mail] = await testDb()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "newsletter-confirmation")))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const match = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (!match) throw new Error(`no confirmation email to ${email}`);
  return match[1]!;
}

async function subscribed(email: string): Promise<string> {
  await requestSubscription(testDb(), email, NOW);
  await confirmSubscription(testDb(), await linkToken(email), NOW);
  return email;
}

describe("signing up (double opt-in)", () => {
  it("stores a sign-up waiting for confirmation, with only the hash of the token its email carries", async () => {
    const email = unique("new");
    await requestSubscription(testDb(), email.toUpperCase(), NOW);

    const token = await linkToken(email);
    const stored = await row(email);
    expect(stored).toMatchObject({ email, confirmedAt: null, subscribedAt: NOW, confirmExpiresAt: later(CONFIRM_LINK_DAYS * DAY) });
    expect(stored?.confirmTokenHash).toBe(hashOpaqueToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const [mail] = await mails(email);
    expect(mail).toMatchObject({ kind: "newsletter-confirmation", subject: "Confirm your newsletter subscription — Vanguard Veterans" });
    expect(mail?.text).toContain("press Confirm");
    expect(mail?.text).toContain(`works for ${CONFIRM_LINK_DAYS} days`);
    expect(mail?.html).toContain(`/newsletter/confirm?token=${token}`);
    // The outbox drops the message if it could not be sent before the link lapses.
    expect(mail?.expiresAt).not.toBeNull();
  });

  it("opening the link changes nothing; only Confirm subscribes, once", async () => {
    const email = unique("confirm");
    await requestSubscription(testDb(), email, NOW);
    const token = await linkToken(email);
    const before = await row(email);

    expect(await pendingSignUpFor(testDb(), token, later(DAY))).toEqual({ email });
    expect(await pendingSignUpFor(testDb(), token, later(DAY))).toEqual({ email });
    expect(await row(email)).toEqual(before);

    expect(await confirmSubscription(testDb(), token, later(DAY))).toEqual({ email });
    expect(await row(email)).toMatchObject({ confirmedAt: later(DAY), confirmTokenHash: null, confirmExpiresAt: null });
    // The link is used up: the page then offers nothing, and pressing again confirms nothing.
    expect(await pendingSignUpFor(testDb(), token, later(DAY))).toBeNull();
    expect(await confirmSubscription(testDb(), token, later(2 * DAY))).toBeNull();
    expect((await row(email))?.confirmedAt).toEqual(later(DAY));
  });

  it("a link that lapsed confirms nothing, and the cleanup deletes its sign-up but no confirmed or fresh one", async () => {
    const lapsed = unique("lapsed");
    const fresh = unique("fresh");
    const confirmed = unique("kept");
    await requestSubscription(testDb(), lapsed, NOW);
    await subscribed(confirmed);
    const token = await linkToken(lapsed);
    const lapseAt = later(CONFIRM_LINK_DAYS * DAY);
    await requestSubscription(testDb(), fresh, later(DAY));

    expect(await pendingSignUpFor(testDb(), token, new Date(lapseAt.getTime() - 1))).toEqual({ email: lapsed });
    expect(await pendingSignUpFor(testDb(), token, lapseAt)).toBeNull();
    expect(await confirmSubscription(testDb(), token, lapseAt)).toBeNull();
    expect(await marketingConsentOf(testDb(), lapsed, lapseAt)).toBe("off");

    expect(await deleteLapsedSignUps(testDb(), lapseAt)).toBeGreaterThanOrEqual(1);
    expect(await row(lapsed)).toBeUndefined();
    expect(await row(fresh)).toBeDefined();
    expect((await row(confirmed))?.confirmedAt).toEqual(NOW);
  });

  it("asking again sends a fresh link and the earlier one stops working", async () => {
    const email = unique("again");
    await requestSubscription(testDb(), email, NOW);
    const first = await linkToken(email);
    await requestSubscription(testDb(), email, later(DAY));
    const second = await linkToken(email);

    expect(second).not.toBe(first);
    expect(await confirmSubscription(testDb(), first, later(DAY))).toBeNull();
    expect(await row(email)).toMatchObject({ confirmExpiresAt: later((CONFIRM_LINK_DAYS + 1) * DAY) });
    expect(await confirmSubscription(testDb(), second, later(DAY))).toEqual({ email });
  });

  it("an address already confirmed stays as it is, and only its mailbox is told so", async () => {
    const email = await subscribed(unique("already"));
    const before = await row(email);
    await requestSubscription(testDb(), email, later(DAY));

    expect(await row(email)).toEqual(before);
    const sent = await mails(email);
    expect(sent.map((m) => m.kind)).toEqual(["newsletter-confirmation", "newsletter-already-subscribed"]);
    expect(sent[1]?.text).toContain("This address is already subscribed, so nothing has changed");
  });

  it("three emails an hour to one mailbox at most: past that nothing happens, and the last link keeps working", async () => {
    const email = unique("flood");
    for (let i = 0; i < 3; i++) await requestSubscription(testDb(), email, NOW);
    const last = await linkToken(email);
    await requestSubscription(testDb(), email, NOW);
    await requestSubscription(testDb(), email, NOW);

    expect(await mails(email)).toHaveLength(3);
    expect(await confirmSubscription(testDb(), last, NOW)).toEqual({ email });
  });

  it("simultaneous requests for one address keep one row", async () => {
    const email = unique("rush");
    await Promise.all(Array.from({ length: 3 }, () => requestSubscription(testDb(), email, NOW)));
    const [found] = await testDb().select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(found?.n).toBe(1);
  });
});

describe("the footer form (subscribeAction)", () => {
  it("answers a new, a waiting and a confirmed address exactly alike", async () => {
    ownClientAddress();
    const fresh = unique("neutral-new");
    const waiting = unique("neutral-waiting");
    const confirmed = await subscribed(unique("neutral-confirmed"));
    await requestSubscription(testDb(), waiting, NOW);

    for (const email of [fresh, waiting, confirmed]) {
      expect(await subscribeAction(idleState, form({ email: email.toUpperCase() }))).toEqual({ status: "success", data: { email, answer: signUpAnswer(email) } });
    }
    expect((await mails(fresh)).map((m) => m.kind)).toEqual(["newsletter-confirmation"]);
    expect((await mails(waiting)).map((m) => m.kind)).toEqual(["newsletter-confirmation", "newsletter-confirmation"]);
    expect((await mails(confirmed)).map((m) => m.kind)).toEqual(["newsletter-confirmation", "newsletter-already-subscribed"]);
  });

  it("refuses an empty or malformed address beside the field and stores nothing", async () => {
    ownClientAddress();
    expect(await subscribeAction(idleState, form({ email: "" }))).toEqual({
      status: "error",
      fieldErrors: { email: "Enter your email address." },
      values: { email: "" },
    });
    expect(await subscribeAction(idleState, form({ email: "not-an-address" }))).toEqual({
      status: "error",
      fieldErrors: { email: "Enter a valid email address, like name@example.com." },
      values: { email: "not-an-address" },
    });
    expect(await row("not-an-address")).toBeUndefined();
  });

  it("takes ten sign-ups an hour from one client address, then asks it to wait, storing nothing more", async () => {
    ownClientAddress();
    for (let i = 0; i < 10; i++) expect((await subscribeAction(idleState, form({ email: unique(`burst${i}`) }))).status).toBe("success");
    const eleventh = unique("burst-over");
    const refused = await subscribeAction(idleState, form({ email: eleventh }));
    expect(refused).toMatchObject({ status: "error", fieldErrors: { email: expect.stringMatching(/^You have signed up several addresses in a short time\. Please wait \d+ minutes? and try again\.$/) } });
    expect(await row(eleventh)).toBeUndefined();
  });
});

describe("the confirm and unsubscribe buttons (actions)", () => {
  it("Confirm subscribes; a used link gets a clear message", async () => {
    const email = unique("button");
    await requestSubscription(testDb(), email);
    const token = await linkToken(email);
    expect(await confirmSubscriptionAction(idleState, form({ token }))).toEqual({ status: "success", data: { email } });
    expect(await confirmSubscriptionAction(idleState, form({ token }))).toMatchObject({ status: "error", formError: CONFIRM_LINK_LAPSED });
    expect(await confirmSubscriptionAction(idleState, form({ token: "<script>" }))).toMatchObject({ status: "error", formError: CONFIRM_LINK_LAPSED });
  });

  it("an unsubscribe link we never issued changes nothing", async () => {
    const email = await subscribed(unique("unknown-link"));
    expect(await unsubscribeAction(idleState, form({ token: "A".repeat(43) }))).toMatchObject({ status: "error" });
    expect(await row(email)).toBeDefined();
  });
});

describe("one consent: the footer's subscription is the profile's Marketing emails", () => {
  async function member(email: string) {
    const id = randomUUID();
    await testDb().insert(user).values({ id, name: "", email, emailVerified: true, createdAt: NOW, updatedAt: NOW });
    return { id, email, emailVerified: true };
  }

  it("starts off; ticking it sends the confirmation email and shows it waiting, until the link's Confirm", async () => {
    const email = unique("member");
    expect(await marketingConsentOf(testDb(), email, NOW)).toBe("off");

    expect(await setMarketingConsent(testDb(), email, true, NOW)).toBe("pending");
    expect((await mails(email)).map((m) => m.kind)).toEqual(["newsletter-confirmation"]);
    // Saving the tab again (another box) while it waits sends nothing more.
    expect(await setMarketingConsent(testDb(), email, true, NOW)).toBe("pending");
    expect(await mails(email)).toHaveLength(1);

    await confirmSubscription(testDb(), await linkToken(email), NOW);
    expect(await marketingConsentOf(testDb(), email, NOW)).toBe("subscribed");
  });

  it("an address already confirmed through the footer shows the box on, and ticking it sends nothing", async () => {
    const email = await subscribed(unique("footer-first"));
    expect(await marketingConsentOf(testDb(), email.toUpperCase(), NOW)).toBe("subscribed");
    expect(await setMarketingConsent(testDb(), email, true, NOW)).toBe("subscribed");
    expect(await mails(email)).toHaveLength(1); // the footer's confirmation only
  });

  it("unticking it unsubscribes the footer's subscription, and a new footer sign-up needs confirming again", async () => {
    const email = await subscribed(unique("untick"));
    expect(await setMarketingConsent(testDb(), email, false, NOW)).toBe("off");
    expect(await row(email)).toBeUndefined();
    await requestSubscription(testDb(), email, NOW);
    expect((await mails(email)).map((m) => m.kind)).toEqual(["newsletter-confirmation", "newsletter-confirmation"]);
    expect(await marketingConsentOf(testDb(), email, NOW)).toBe("pending");
  });

  it("the settings tab reads and writes that record, and says when a confirmation email went out", async () => {
    const someone = await member(unique("settings"));
    const settings = { emailNotifications: true, marketingEmails: true };

    expect(await saveSettings(testDb(), someone, settings, NOW)).toMatchObject({ marketingEmails: true, marketing: "pending", notice: MARKETING_CONFIRMATION_SENT });
    expect(await getMemberSettings(testDb(), someone)).toMatchObject({ marketingEmails: true, marketing: "pending" });
    await confirmSubscription(testDb(), await linkToken(someone.email));
    expect(await getMemberSettings(testDb(), someone)).toMatchObject({ marketingEmails: true, marketing: "subscribed" });

    // The unsubscribe link (or the footer's record going) turns the box off.
    await unsubscribeAddress(testDb(), someone.email);
    expect(await getMemberSettings(testDb(), someone)).toMatchObject({ marketingEmails: false, marketing: "off" });
  });

  it("an account whose address is not confirmed neither sees nor changes that address's subscription", async () => {
    const owner = await member(unique("owned"));
    await requestSubscription(testDb(), owner.email, NOW);
    await confirmSubscription(testDb(), await linkToken(owner.email));
    // Someone signed up with the owner's address (another letter case) and has not confirmed it.
    const squatter = { id: randomUUID(), email: owner.email.toUpperCase(), emailVerified: false };
    await testDb().insert(user).values({ ...squatter, name: "", createdAt: NOW, updatedAt: NOW });
    expect(await getMemberSettings(testDb(), squatter)).toMatchObject({ marketingEmails: false, marketing: "unconfirmed" });
    expect(await saveSettings(testDb(), squatter, { emailNotifications: true, marketingEmails: false }, NOW)).toMatchObject({ marketing: "unconfirmed" });
    expect(await marketingConsentOf(testDb(), owner.email, NOW)).toBe("subscribed");
    expect((await mails(owner.email)).map((m) => m.kind)).toEqual(["newsletter-confirmation"]);
  });
});
