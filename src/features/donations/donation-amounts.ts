/**
 * Gift amounts: what the form accepts, and the card fee a donor may choose to cover. Pure functions
 * on integer cents, shared by the browser (the live total) and the server (what is charged).
 */

export const MIN_GIFT_CENTS = 500;
export const MAX_GIFT_CENTS = 2_500_000;

/** The preset choices, in cents: the four gifts the page says what they fund. */
export const PRESET_GIFTS_CENTS = [2500, 5000, 10000, 25000] as const;
export const DEFAULT_PRESET_CENTS = 5000;

/** What a refused amount is told; the browser's running total never shows them, so they stay on the server. */
export const AMOUNT_MESSAGES = {
  missing: "Enter an amount, or choose one of the amounts above.",
  notANumber: "Enter the amount in dollars, using digits only, like 40 or 40.50.",
  tooPrecise: "Enter dollars and cents only: at most two digits after the point, like 40.50.",
  tooSmall: "The smallest gift we can take online is $5.00.",
  tooLarge: "The largest gift this form takes is $25,000.00. For a larger gift, please contact us and we will arrange it with you.",
} as const;

export type AmountRefusal = keyof typeof AMOUNT_MESSAGES;
export type AmountResult = { ok: true; cents: number } | { ok: false; refusal: AmountRefusal };

/**
 * A typed dollar amount ("40", "40.5", "$1,250.00") to cents, without floating point. Refused with
 * the reason (see AMOUNT_MESSAGES): empty, negative, letters or exponents ("1e9"), more than two decimals, under $5 or over $25,000.
 */
export function parseDollarAmount(raw: string): AmountResult {
  const text = raw.trim().replace(/^\$\s*/, "");
  if (text === "") return { ok: false, refusal: "missing" };
  if (/^-\s*\$?\s*\d/.test(text)) return { ok: false, refusal: "tooSmall" };
  // Thousands separators only in their right places: 1,250 and 25,000.00, never 1,2,5.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { ok: false, refusal: "notANumber" };
  const whole = match[1]!.replaceAll(",", "");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, refusal: "tooPrecise" };
  // Past 8 digits of dollars the amount is over the maximum anyway; this keeps Number() exact.
  if (whole.replace(/^0+/, "").length > 8) return { ok: false, refusal: "tooLarge" };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return checkGiftCents(cents);
}

export function checkGiftCents(cents: number): AmountResult {
  if (!Number.isSafeInteger(cents) || cents < MIN_GIFT_CENTS) return { ok: false, refusal: "tooSmall" };
  if (cents > MAX_GIFT_CENTS) return { ok: false, refusal: "tooLarge" };
  return { ok: true, cents };
}

/**
 * Stripe's standard US card pricing: 2.9% of the charge plus 30¢, the fee rounded to the cent. In
 * basis points, so the arithmetic stays in integers.
 */
export const CARD_FEE = { basisPoints: 290, fixedCents: 30 } as const;
export const CARD_FEE_LABEL = "2.9% + 30¢";

/** What Stripe keeps from a charge of `chargeCents`. */
export function cardFeeCents(chargeCents: number): number {
  return Math.round((chargeCents * CARD_FEE.basisPoints) / 10_000) + CARD_FEE.fixedCents;
}

/**
 * "Cover the processing fee": the smallest charge from which the association still nets the whole
 * gift once Stripe takes its fee. Solving charge − (2.9% × charge + 30¢) ≥ gift gives
 * charge = (gift + 30¢) ÷ (1 − 0.029), rounded up to the cent; the loops settle the fee's own rounding.
 */
export function withCardFeeCovered(giftCents: number): { feeCents: number; totalCents: number } {
  const divisor = 10_000 - CARD_FEE.basisPoints;
  let total = Math.ceil(((giftCents + CARD_FEE.fixedCents) * 10_000) / divisor);
  while (total - cardFeeCents(total) < giftCents) total++;
  while (total - 1 - cardFeeCents(total - 1) >= giftCents) total--;
  return { feeCents: total - giftCents, totalCents: total };
}

/** The gift, and what is charged for it with or without the fee covered. */
export function giftTotals(giftCents: number, coverFee: boolean): { amountCents: number; feeCents: number; totalCents: number } {
  if (!coverFee) return { amountCents: giftCents, feeCents: 0, totalCents: giftCents };
  return { amountCents: giftCents, ...withCardFeeCovered(giftCents) };
}

/** 2500 → "$25": preset labels. */
export function wholeDollars(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(cents / 100);
}
