/** The donate form's choices and limits: plain values and functions, safe for the browser bundle (no zod). */
import { PRESET_GIFTS_CENTS, parseDollarAmount, type AmountResult } from "./donation-amounts";

export const donationLimits = { name: 100, email: 254, customAmount: 40 } as const;

export const TRIBUTE_LABELS = { honor: "In honor of", memory: "In memory of" } as const;
export type TributeKind = keyof typeof TRIBUTE_LABELS;

/** The preset radio's value is whole dollars ("25"); "other" means the typed amount. */
export const presetValue = (cents: number) => String(cents / 100);

/**
 * Which amount the form names: the typed one when "Other amount" is chosen or anything was typed
 * (someone who typed 40 meant 40, whichever radio was left checked), else the chosen preset. A
 * refusal names the field it belongs beside.
 */
export function chosenGift(amount: unknown, customAmount: unknown): AmountResult & { field?: "amount" | "customAmount" } {
  const typed = typeof customAmount === "string" ? customAmount.trim() : "";
  if (amount === "other" || typed !== "") {
    const parsed = parseDollarAmount(typed.slice(0, donationLimits.customAmount + 1));
    return parsed.ok ? parsed : { ...parsed, field: "customAmount" };
  }
  const preset = PRESET_GIFTS_CENTS.find((cents) => presetValue(cents) === amount);
  return preset ? { ok: true, cents: preset } : { ok: false, refusal: "missing", field: "amount" };
}
