import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { formatLongDate } from "@/lib/time";

export type ReminderKind = "before-30" | "before-7" | "before-1" | "after-1" | "grace-ended";

export interface ReminderFacts {
  kind: ReminderKind;
  planName: string;
  expiresOn: Date;
  graceEndsOn: Date;
  renewLink: string;
  /** The member renews automatically: the reminders before expiry announce the charge instead (ADR 0021). */
  autoRenew?: { amountCents: number; manageLink: string };
}

/** Before expiry, for a member who renews automatically: the charge to come, and how to stop it. */
function upcomingChargeEmail(facts: ReminderFacts, autoRenew: NonNullable<ReminderFacts["autoRenew"]>): ComposedEmail {
  const expires = formatLongDate(facts.expiresOn);
  return composeEmail(`Your ${facts.planName} membership renews on ${expires}`, [
    "Hello,",
    `Your ${facts.planName} membership of the ${site.name} renews automatically on ${expires}: your card will be charged ${formatCents(autoRenew.amountCents)} that day for another year.`,
    "To change the card or turn automatic renewal off before then, open your membership page and choose \"Manage card or cancel\".",
    { button: "Open my membership page", href: autoRenew.manageLink, showAddress: true },
    signature(),
  ]);
}

/** The renewal reminders (ADR 0019): dates, never "in N days", so a message read late still says what is true. */
export function membershipReminderEmail(facts: ReminderFacts): ComposedEmail {
  const expires = formatLongDate(facts.expiresOn);
  const graceEnds = formatLongDate(facts.graceEndsOn);
  const renew = { button: `Renew my ${facts.planName} membership`, href: facts.renewLink, showAddress: true } as const;
  const how = "Renewing adds a year to your current expiry date, so renewing early loses nothing.";
  if (facts.autoRenew && facts.kind.startsWith("before-")) return upcomingChargeEmail(facts, facts.autoRenew);
  switch (facts.kind) {
    case "before-30":
    case "before-7":
    case "before-1":
      return composeEmail(`Your ${facts.planName} membership expires on ${expires}`, [
        "Hello,",
        `Your ${facts.planName} membership of the ${site.name} expires on ${expires}.`,
        how,
        renew,
        `If you do not renew, your member benefits go on until ${graceEnds} and then end.`,
        signature(),
      ]);
    case "after-1":
      return composeEmail(`Your ${facts.planName} membership expired: renew by ${graceEnds} to keep your benefits`, [
        "Hello,",
        `Your ${facts.planName} membership of the ${site.name} expired on ${expires}. Your member benefits go on until ${graceEnds} while you renew.`,
        "Renewing now starts a new year today.",
        renew,
        signature(),
      ]);
    case "grace-ended":
      return composeEmail(`Your ${facts.planName} membership has lapsed`, [
        "Hello,",
        `Your ${facts.planName} membership of the ${site.name} expired on ${expires}, and its member benefits ended on ${graceEnds}. You remain a Basic member.`,
        "You can renew at any time: a new year starts the day you pay.",
        renew,
        signature(),
      ]);
  }
}

export interface AutoRenewFacts {
  planName: string;
  amountCents: number;
  /** The membership's expiry: the first charge when set up in advance, else the new expiry after today's. */
  expiresOn: Date;
  manageLink: string;
}

/** Automatic renewal was set up: what will be charged and when, and how to stop it (sent once, on setup). */
export function autoRenewOnEmail(facts: { planName: string; amountCents: number; firstChargeOn: Date | null; manageLink: string }): ComposedEmail {
  const amount = formatCents(facts.amountCents);
  const when = facts.firstChargeOn
    ? `Nothing is charged now. On ${formatLongDate(facts.firstChargeOn)}, when your membership expires, your card will be charged ${amount} for another year, and again each year after.`
    : `Your card was charged ${amount} today for a year of membership (your receipt, sent separately, gives the new expiry date), and it will be charged ${amount} again on that date each year.`;
  return composeEmail(`Automatic renewal of your ${facts.planName} membership is on`, [
    "Hello,",
    when,
    "We email you 30 and 7 days before each yearly charge. To change the card or turn automatic renewal off at any time, open your membership page and choose \"Manage card or cancel\".",
    { button: "Open my membership page", href: facts.manageLink, showAddress: true },
    signature(),
  ]);
}

/** The yearly charge was declined: benefits go on through grace while Stripe retries or the member updates the card. */
export function autoRenewFailedEmail(facts: AutoRenewFacts & { graceEndsOn: Date }): ComposedEmail {
  return composeEmail(`We could not renew your ${facts.planName} membership`, [
    "Hello,",
    `Your card was declined for the ${formatCents(facts.amountCents)} renewal of your ${facts.planName} membership. Stripe will try the card again over the next days.`,
    `Your member benefits go on until ${formatLongDate(facts.graceEndsOn)}. To use another card, open your membership page and choose "Manage card or cancel".`,
    { button: "Update my card", href: facts.manageLink, showAddress: true },
    signature(),
  ]);
}

/** Automatic renewal ended (cancelled in the portal, or after the card was declined too often); paid time stays. */
export function autoRenewEndedEmail(facts: Omit<AutoRenewFacts, "amountCents">): ComposedEmail {
  return composeEmail(`Automatic renewal of your ${facts.planName} membership is off`, [
    "Hello,",
    `Automatic renewal of your ${facts.planName} membership has ended, and no more charges will be made. The time you have paid for stays: your membership runs until ${formatLongDate(facts.expiresOn)}.`,
    "You can renew by hand from your membership page at any time, or turn automatic renewal on again there.",
    { button: "Open my membership page", href: facts.manageLink, showAddress: true },
    signature(),
  ]);
}
