import { describe, expect, it } from "vitest";
import { MAX_GIFT_CENTS, MIN_GIFT_CENTS, cardFeeCents, giftTotals, parseDollarAmount, withCardFeeCovered } from "./donation-amounts";

describe("parseDollarAmount", () => {
  it.each([
    ["5", 500],
    ["40", 4000],
    ["40.5", 4050],
    ["40.50", 4050],
    ["40.", 4000],
    [" $40.05 ", 4005],
    ["$ 1,250", 125_000],
    ["25,000.00", 2_500_000],
    ["0040", 4000],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseDollarAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["", "missing"],
    ["   ", "missing"],
    ["0", "tooSmall"],
    ["0.00", "tooSmall"],
    ["4.99", "tooSmall"],
    ["-5", "tooSmall"],
    ["-$50", "tooSmall"],
    ["$-50", "tooSmall"],
    ["1e9", "notANumber"],
    ["1E3", "notANumber"],
    ["abc", "notANumber"],
    ["fifty", "notANumber"],
    ["12abc", "notANumber"],
    ["0x7fffffff", "notANumber"],
    ["NaN", "notANumber"],
    ["Infinity", "notANumber"],
    [".50", "notANumber"],
    ["1,2,5", "notANumber"],
    ["12,50", "notANumber"],
    ["5 0", "notANumber"],
    ["٥٠", "notANumber"],
    ["10.505", "tooPrecise"],
    ["10.001", "tooPrecise"],
    ["25000.01", "tooLarge"],
    ["1000000000", "tooLarge"],
    ["99999999999999999999999", "tooLarge"],
    ["2147483648", "tooLarge"],
  ])("refuses %j: %s", (text, refusal) => {
    expect(parseDollarAmount(text)).toEqual({ ok: false, refusal });
  });

  it("takes the limits themselves", () => {
    expect(parseDollarAmount("5.00")).toEqual({ ok: true, cents: MIN_GIFT_CENTS });
    expect(parseDollarAmount("25000")).toEqual({ ok: true, cents: MAX_GIFT_CENTS });
  });
});

describe("covering the card fee (2.9% + 30¢)", () => {
  it("Stripe's fee is 2.9% rounded to the cent, plus 30¢", () => {
    expect(cardFeeCents(10_000)).toBe(320);
    expect(cardFeeCents(5_180)).toBe(180); // 150.22 → 150, + 30
    expect(cardFeeCents(5_186)).toBe(180); // 150.394 → 150
    expect(cardFeeCents(5_190)).toBe(181); // 150.51 → 151
  });

  it.each([
    [500, 546],
    [2500, 2606],
    [5000, 5180],
    [10000, 10330],
    [25000, 25778],
    [2_500_000, 2_574_696],
  ])("a gift of %i cents is charged %i, and the association nets exactly the gift", (gift, total) => {
    const { feeCents, totalCents } = withCardFeeCovered(gift);
    expect(totalCents).toBe(total);
    expect(feeCents).toBe(total - gift);
    expect(totalCents - cardFeeCents(totalCents)).toBe(gift);
  });

  it("for every gift, the charge nets at least the gift, and one cent less would not", () => {
    const wrong: number[] = [];
    for (let gift = MIN_GIFT_CENTS; gift <= MAX_GIFT_CENTS; gift += gift < 200_000 ? 1 : 997) {
      const { totalCents } = withCardFeeCovered(gift);
      const nets = totalCents - cardFeeCents(totalCents) >= gift;
      const minimal = totalCents - 1 - cardFeeCents(totalCents - 1) < gift;
      if (!nets || !minimal) wrong.push(gift);
    }
    expect(wrong).toEqual([]);
  });

  it("is the formula the page states: (gift + 30¢) ÷ 0.971, rounded up, give or take the fee's own rounding", () => {
    for (const gift of [500, 1234, 5000, 77_777, 2_500_000]) {
      const formula = Math.ceil((gift + 30) / 0.971);
      expect(Math.abs(withCardFeeCovered(gift).totalCents - formula), `gift ${gift}`).toBeLessThanOrEqual(1);
    }
  });

  it("adds nothing when the donor does not cover it", () => {
    expect(giftTotals(5000, false)).toEqual({ amountCents: 5000, feeCents: 0, totalCents: 5000 });
    expect(giftTotals(5000, true)).toEqual({ amountCents: 5000, feeCents: 180, totalCents: 5180 });
  });
});
