/**
 * Money taken in person (at the desk, at pickup, a check in the post): how it was paid, and the amount
 * typed in dollars. Shared by the orders desk ("mark paid") and the memberships desk; safe for client
 * components (the forms list the methods).
 */
import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";

export const DESK_PAYMENT_METHODS = ["cash", "card", "check"] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];

export const DESK_PAYMENT_LABELS: Record<DeskPaymentMethod, string> = {
  cash: "Cash",
  card: "Card (on the desk's card reader)",
  check: "Check",
};

export const CHOOSE_METHOD = "Choose how it was paid: cash, card or check.";

/** The method as posted by a form's select; anything else (empty, unknown) is refused with one message. */
export const deskPaymentMethodField = z.enum(DESK_PAYMENT_METHODS, { message: CHOOSE_METHOD });

/** A desk amount above this is surely a typo. */
export const DESK_AMOUNT_MAX_CENTS = 1_000_000;
const DOLLARS = /^\$?\s*(\d{1,7}(?:,\d{3})*)(?:\.(\d{1,2}))?$/;

/** "$99", "99.00", "1,000" → cents; at least one cent, never negative, never absurd. */
export const deskAmountField = singleLineText({ message: "Enter the amount received in dollars, e.g. 99.00." })
  .transform((value) => value.trim())
  .transform((value, context) => {
    if (value === "") {
      context.addIssue({ code: "custom", message: "Enter the amount received in dollars, e.g. 99.00." });
      return z.NEVER;
    }
    if (value.startsWith("-")) {
      context.addIssue({ code: "custom", message: "An amount received can't be negative." });
      return z.NEVER;
    }
    const match = DOLLARS.exec(value);
    if (!match) {
      context.addIssue({ code: "custom", message: "Enter the amount in dollars, e.g. 99.00." });
      return z.NEVER;
    }
    const cents = Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
    if (cents === 0) {
      context.addIssue({ code: "custom", message: "Enter the amount received: more than $0." });
      return z.NEVER;
    }
    if (cents > DESK_AMOUNT_MAX_CENTS) {
      context.addIssue({ code: "custom", message: "An amount above $10,000.00 is surely a typo. Check the amount." });
      return z.NEVER;
    }
    return cents;
  });
