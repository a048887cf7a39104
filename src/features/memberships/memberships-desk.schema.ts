/** Inputs of the staff memberships forms (zod): a desk renewal, a grant from a member's page, the benefits' values. */
import { z } from "zod";
import { memberIdField } from "@/lib/auth/member-id";
import { singleLineText } from "@/lib/text-fields";
import { DESK_PAYMENT_METHODS, deskAmountField, deskPaymentMethodField, type DeskPaymentMethod } from "@/lib/payments/desk-payment";
import type { PaidPlan } from "./membership-plans.service";

export const MAX_BENEFIT_VALUE_CENTS = 100_000;
const AMOUNT = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/;

export const PLAN_CHOICE = "Choose Premium or Elite.";
export const EMAIL_NEEDED = "Enter the member's email address.";

// A Record, so that a new plan does not compile until the forms accept it.
const POSTABLE_PLANS: Record<PaidPlan, true> = { premium: true, elite: true };
const PLAN_IDS = Object.keys(POSTABLE_PLANS) as PaidPlan[];
const plan = z.enum(PLAN_IDS as [PaidPlan, ...PaidPlan[]], { message: PLAN_CHOICE });

export const MONTHS_MIN = 1;
export const MONTHS_MAX = 36;

/** "$25", "25.00" → 2500; 0 is allowed (benefits worth nothing), negatives and absurd amounts are not. */
const benefitValue = singleLineText()
  .transform((value) => value.trim())
  .transform((value, context) => {
    const match = AMOUNT.exec(value);
    if (value.startsWith("-")) {
      context.addIssue({ code: "custom", message: "A value can't be negative." });
      return z.NEVER;
    }
    if (!match) {
      context.addIssue({ code: "custom", message: "Enter the value in dollars, e.g. 25.00." });
      return z.NEVER;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
    if (cents > MAX_BENEFIT_VALUE_CENTS) {
      context.addIssue({ code: "custom", message: "A value above $1,000.00 is surely a typo. Check the amount." });
      return z.NEVER;
    }
    return cents;
  });

/**
 * A second desk record for the same member within this many minutes is taken only once the volunteer
 * confirms it is a second payment: two volunteers recording the same cash must not extend it twice.
 * Ten minutes covers a queue at the desk and a slow phone, and is short enough that a real renewal
 * the next day never asks.
 */
export const REPEAT_WINDOW_MINUTES = 10;

/** The box ticked to record a second desk payment inside the window (shown only after the question). */
const confirmRepeat = z.literal("yes").optional().catch(undefined);

export const deskRenewalSchema = z.object({
  email: singleLineText({ message: EMAIL_NEEDED })
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().min(1, EMAIL_NEEDED).max(254, "That is not an email address.").email("That is not an email address.")),
  plan,
  amount: deskAmountField,
  method: deskPaymentMethodField,
  confirm: z.literal("yes", { error: "Tick the box to confirm the member paid for a year at the desk." }),
  confirmRepeat,
});

/** How a grant from a member's page was paid, or `complimentary`: given free (no amount, no receipt). */
export const GRANT_METHODS = [...DESK_PAYMENT_METHODS, "complimentary"] as const;
export type GrantMethod = DeskPaymentMethod | "complimentary";

export const GRANT_METHOD_CHOICE = "Choose how it was paid (cash, card or check), or Complimentary.";
const ZERO_DOLLARS = /^\$?\s*0+(\.0{1,2})?$/;

export type GrantPayment = { method: DeskPaymentMethod; amountCents: number } | { method: "complimentary"; amountCents: 0 };

/** A paid plan for some months from a member's page (e.g. paid at the desk). */
export const grantMembershipSchema = z.object({
  memberId: memberIdField,
  plan,
  months: z
    .string({ message: "Enter the number of months." })
    .trim()
    .min(1, "Enter the number of months.")
    .regex(/^\d{1,3}$/, `Enter a whole number of months from ${MONTHS_MIN} to ${MONTHS_MAX}.`)
    .transform(Number)
    .pipe(z.number().int().min(MONTHS_MIN, `Enter a whole number of months from ${MONTHS_MIN} to ${MONTHS_MAX}.`).max(MONTHS_MAX, `At most ${MONTHS_MAX} months at a time.`)),
  method: z.enum(GRANT_METHODS, { message: GRANT_METHOD_CHOICE }),
  amount: z.string().optional(),
  confirmRepeat,
}).transform(({ method, amount, ...rest }, context) => {
  const typed = (amount ?? "").trim();
  if (method === "complimentary") {
    // An amount typed with Complimentary is a contradiction: refused, never silently dropped.
    if (typed !== "" && !ZERO_DOLLARS.test(typed)) {
      context.addIssue({ code: "custom", path: ["amount"], message: "A complimentary membership has no amount: clear the amount, or choose how it was paid." });
      return z.NEVER;
    }
    return { ...rest, payment: { method, amountCents: 0 } as GrantPayment };
  }
  const cents = deskAmountField.safeParse(typed);
  if (!cents.success) {
    const message = ZERO_DOLLARS.test(typed) ? "Enter the amount received: more than $0 (for a membership given free, choose Complimentary)." : cents.error.issues[0]!.message;
    context.addIssue({ code: "custom", path: ["amount"], message });
    return z.NEVER;
  }
  return { ...rest, payment: { method, amountCents: cents.data } as GrantPayment };
});

export const benefitValuesSchema = z.object({ premium: benefitValue, elite: benefitValue });

export type DeskRenewalInput = z.output<typeof deskRenewalSchema>;
export type BenefitValuesInput = z.output<typeof benefitValuesSchema>;
export type GrantMembershipInput = z.output<typeof grantMembershipSchema>;

export const STATUS_FILTERS = ["all", "active", "grace", "lapsed"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function parseStatusFilter(value: string | string[] | undefined): StatusFilter {
  return typeof value === "string" && (STATUS_FILTERS as readonly string[]).includes(value) ? (value as StatusFilter) : "all";
}
