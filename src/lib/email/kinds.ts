/**
 * Every kind of email the site sends, with the rules that follow from the kind. The outbox takes only
 * these kinds (`NewEmail.kind`), the email log withholds the body of the secret ones
 * (features/email-log/redact.ts), the per-mailbox limits are counted by name from here, and
 * test/email-samples.ts holds a sample of each (src/features/email-kinds.test.ts checks all three).
 * How to add a kind: the README's "How to add…" recipes.
 */

/** How many messages may go to one mailbox in a window (seconds), counted per address. */
export interface MailboxLimit {
  window: number;
  max: number;
}

/**
 * Limits for the forms that email whatever address is typed, so that none can fill a stranger's inbox.
 * The name is also the rate-limit key's prefix; kinds naming the same limit share one count.
 */
export const MAILBOX_LIMITS = {
  /** Reset emails to one mailbox: more only fill the owner's inbox. */
  "password-reset-mail": { window: 3600, max: 3 },
  /** Sign-in links to one mailbox. */
  "sign-in-link-mail": { window: 3600, max: 3 },
  /** Confirmation links and "you already have an account" notices to one mailbox. */
  "account-mail": { window: 3600, max: 5 },
  /** The contact form accepts any address: without this, it could send our acknowledgements to a stranger by the hundred. */
  "contact-ack-mail": { window: 3600, max: 3 },
  /** Newsletter confirmation links and "you are already subscribed" notices: the form takes any address. */
  "newsletter-mail": { window: 3600, max: 3 },
  /** The pledge instructions go to whatever address was typed on the donation form. */
  "donation-pledgemail": { window: 3600, max: 3 },
} as const satisfies Record<string, MailboxLimit>;

export type MailboxLimitName = keyof typeof MAILBOX_LIMITS;

export interface EmailKindRules {
  /**
   * Its text holds a working secret (a sign-in, reset or confirmation link): the email log never shows
   * its body. Every other body is shown with its links' query strings and fragments removed.
   */
  secret: boolean;
  /** Counted against this per-mailbox limit before it is queued (mayMail, mailbox-limits.ts); none when the address is the member's own or staff's. */
  mailboxLimit?: MailboxLimitName;
}

export const EMAIL_KINDS = {
  // Accounts (features/members)
  welcome: { secret: false },
  "confirm-email": { secret: true, mailboxLimit: "account-mail" },
  // A sign-up never confirmed gets a new confirmation link in it.
  "existing-account": { secret: true, mailboxLimit: "account-mail" },
  "password-reset": { secret: true, mailboxLimit: "password-reset-mail" },
  "sign-in-link": { secret: true, mailboxLimit: "sign-in-link-mail" },
  // Sent instead of a reset or sign-in link to a disabled account, under that request's limit.
  "account-disabled": { secret: false },
  "email-change-confirm": { secret: true },
  "email-change-taken": { secret: false, mailboxLimit: "account-mail" },
  "email-changed": { secret: false },
  "account-deleted": { secret: false },

  // The shop (features/orders): the order links carry their key in the query string, which the log removes.
  "order-confirmation": { secret: false },
  "order-paid": { secret: false },
  "order-payment-undone": { secret: false },
  "order-shipped": { secret: false },
  "order-cancelled": { secret: false },
  "order-refunded": { secret: false },
  "order-pay-link": { secret: false },
  "claim-orders": { secret: true },

  // Events (features/events)
  "event-registration": { secret: false },
  "event-waitlist": { secret: false },
  "event-seat-offer": { secret: false },
  "event-registration-cancelled": { secret: false },
  "event-cancelled": { secret: false },
  "event-updated": { secret: false },
  "event-attendee-message": { secret: false },
  "event-reminder": { secret: false },

  // Contact (features/contact)
  "contact-acknowledgement": { secret: false, mailboxLimit: "contact-ack-mail" },
  "contact-new-message": { secret: false },
  "contact-reply": { secret: false },

  // Donations (features/donations)
  "donation-receipt": { secret: false },
  "donation-receipt-void": { secret: false },
  "donation-pledge": { secret: false, mailboxLimit: "donation-pledgemail" },
  "donation-payment-failed": { secret: false },
  "donation-monthly-ended": { secret: false },
  "donation-year-end-statement": { secret: false },
  "donation-tribute": { secret: false },

  // The newsletter (features/newsletter)
  "newsletter-confirmation": { secret: true, mailboxLimit: "newsletter-mail" },
  "newsletter-already-subscribed": { secret: false, mailboxLimit: "newsletter-mail" },
  newsletter: { secret: false },

  // Memberships and service verification (features/memberships, features/verification)
  "membership-reminder": { secret: false },
  "membership-auto-renew-on": { secret: false },
  "membership-auto-renew-failed": { secret: false },
  "membership-auto-renew-off": { secret: false },
  "membership-receipt": { secret: false },
  "verification-approved": { secret: false },
  "verification-rejected": { secret: false },
} as const satisfies Record<string, EmailKindRules>;

/** What a message is for, e.g. "password-reset", "event-registration": one of EMAIL_KINDS. */
export type EmailKind = keyof typeof EMAIL_KINDS;

/** The kinds counted against a per-mailbox limit before they are queued. */
export type MailboxLimitedKind = { [K in EmailKind]: (typeof EMAIL_KINDS)[K] extends { mailboxLimit: MailboxLimitName } ? K : never }[EmailKind];

export const EMAIL_KIND_NAMES = Object.keys(EMAIL_KINDS) as EmailKind[];

/** Whether a stored row's kind is one the site sends today (rows outlive kinds). */
export function isEmailKind(kind: string): kind is EmailKind {
  return Object.hasOwn(EMAIL_KINDS, kind);
}

/** The limit a kind is counted against, with the rate-limit key for one mailbox. */
export function mailboxLimitFor(kind: MailboxLimitedKind, address: string): { key: string; rule: MailboxLimit } {
  const name = EMAIL_KINDS[kind].mailboxLimit;
  return { key: `${name}:${address.toLowerCase()}`, rule: MAILBOX_LIMITS[name] };
}
