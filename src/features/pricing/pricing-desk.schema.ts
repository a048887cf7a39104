import { z } from "zod";
import { MAX_RATE_TENTHS } from "./pricing-rates";

/** A whole percentage or one decimal, 0 to 50: "10", "12.5". Stored in tenths of a percent. */
const RATE = /^\d{1,2}(\.\d)?$/;

export function rateMessage(what: string): string {
  return `Enter the ${what} as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).`;
}

function rate(what: string) {
  return z
    .string({ message: rateMessage(what) })
    .trim()
    .refine((v) => RATE.test(v) && Math.round(Number(v) * 10) <= MAX_RATE_TENTHS, rateMessage(what))
    .transform((v) => Math.round(Number(v) * 10));
}

export const pricingRatesSchema = z.object({
  premium: rate("Premium member pricing"),
  elite: rate("Elite member pricing"),
  verification: rate("verified service discount"),
});

export type PricingRatesInput = z.output<typeof pricingRatesSchema>;

/** Tenths of a percent as the form shows them: 100 → "10", 125 → "12.5". */
export function rateField(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}
