import { describe, expect, it } from "vitest";
import { AMOUNT_MESSAGES } from "./donation-amounts";
import { donationSchema } from "./donations.schema";

const valid = { frequency: "once", amount: "50", customAmount: "", donorName: "Dana Whitfield", donorEmail: "Dana@Example.com", tributeKind: "none" };

function fieldErrors(input: Record<string, string>): Record<string, string> {
  const result = donationSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe("the donate form", () => {
  it("takes a preset amount, in cents, with the email lower-cased", () => {
    expect(donationSchema.parse(valid)).toMatchObject({
      frequency: "one_time",
      payBy: "card",
      amountCents: 5000,
      feeCents: 0,
      totalCents: 5000,
      donorName: "Dana Whitfield",
      donorEmail: "dana@example.com",
      tribute: null,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("takes a typed amount over the preset left checked, and adds the card fee when asked", () => {
    expect(donationSchema.parse({ ...valid, customAmount: "40.50", coverFee: "on", frequency: "monthly" })).toMatchObject({
      frequency: "monthly",
      amountCents: 4050,
      feeCents: 4202 - 4050,
      totalCents: 4202,
      coverFee: true,
    });
  });

  it.each([
    ["0", AMOUNT_MESSAGES.tooSmall],
    ["-20", AMOUNT_MESSAGES.tooSmall],
    ["1e9", AMOUNT_MESSAGES.notANumber],
    ["1000000000", AMOUNT_MESSAGES.tooLarge],
    ["ten dollars", AMOUNT_MESSAGES.notANumber],
    ["10.999", AMOUNT_MESSAGES.tooPrecise],
    ["", AMOUNT_MESSAGES.missing],
  ])("answers a typed %j beside the amount field", (customAmount, message) => {
    expect(fieldErrors({ ...valid, amount: "other", customAmount })).toEqual({ customAmount: message });
  });

  it("refuses a preset that is not one of ours, or none at all, beside the choices", () => {
    expect(fieldErrors({ ...valid, amount: "1000000" })).toEqual({ amount: AMOUNT_MESSAGES.missing });
    expect(fieldErrors({ ...valid, amount: "" })).toEqual({ amount: AMOUNT_MESSAGES.missing });
    expect(fieldErrors(Object.fromEntries(Object.entries(valid).filter(([key]) => key !== "amount")))).toEqual({ amount: AMOUNT_MESSAGES.missing });
  });

  it("names every problem at once: the amount as well as the donor's fields", () => {
    expect(fieldErrors({ ...valid, customAmount: "abc", donorName: " ", donorEmail: "nope" })).toEqual({
      customAmount: AMOUNT_MESSAGES.notANumber,
      donorName: "Your name is required: it goes on your receipt.",
      donorEmail: "Enter a valid email address, like name@example.com.",
    });
  });

  it("a tribute needs the honoree's name; whom to tell is optional", () => {
    expect(fieldErrors({ ...valid, tributeKind: "memory", tributeName: "" })).toEqual({ tributeName: "Enter the name of the person your gift honors." });
    expect(donationSchema.parse({ ...valid, tributeKind: "memory", tributeName: "Sgt. Ray Ortiz" }).tribute).toEqual({
      kind: "memory",
      name: "Sgt. Ray Ortiz",
      notifyName: null,
      notifyEmail: null,
    });
    expect(
      donationSchema.parse({ ...valid, tributeKind: "honor", tributeName: "Maj. Lee", tributeNotifyName: "Pat Lee", tributeNotifyEmail: "Pat@Example.com" }).tribute,
    ).toEqual({ kind: "honor", name: "Maj. Lee", notifyName: "Pat Lee", notifyEmail: "pat@example.com" });
    expect(fieldErrors({ ...valid, tributeKind: "honor", tributeName: "Maj. Lee", tributeNotifyEmail: "not an address" })).toEqual({
      tributeNotifyEmail: "Enter a valid email address, like name@example.com.",
    });
  });

  it("ignores tribute fields when no dedication is chosen", () => {
    expect(donationSchema.parse({ ...valid, tributeName: "Someone", tributeNotifyEmail: "someone@example.com" }).tribute).toBeNull();
  });

  it("refuses control characters and unknown choices", () => {
    expect(fieldErrors({ ...valid, donorName: "Dana\u0000" })).toHaveProperty("donorName");
    expect(fieldErrors({ ...valid, frequency: "weekly" })).toEqual({ frequency: "Choose a one-time or a monthly gift." });
    expect(fieldErrors({ ...valid, tributeKind: "roast" })).toEqual({ tributeKind: "Choose whether the gift honors someone." });
    expect(fieldErrors({ ...valid, idempotencyKey: "x" })).toEqual({ idempotencyKey: "This form is out of date. Please reload the page." });
  });
});
