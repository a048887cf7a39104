import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";
import { AMOUNT_MESSAGES, giftTotals } from "./donation-amounts";
import { chosenGift, donationLimits, type TributeKind } from "./donation-fields";

export interface Tribute {
  kind: TributeKind;
  name: string;
  notifyName: string | null;
  notifyEmail: string | null;
}

const text = (label: string, max: number) =>
  singleLineText({ message: `${label} is required.` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`);

const email = (label: string) =>
  text(label, donationLimits.email).pipe(z.union([z.literal(""), z.email({ message: "Enter a valid email address, like name@example.com." })]));

/** The donate form, for the browser's attributes and the server's parse. */
export const donationSchema = z
  .object({
    frequency: z.enum(["once", "monthly"], { message: "Choose a one-time or a monthly gift." }).default("once"),
    /** With card payments on the site, a donor may still pledge a check; without them, every gift is a pledge. */
    payBy: z.enum(["card", "pledge"], { message: "Choose how you will give." }).default("card"),
    // Checked together by the refinement below, beside whichever field is wrong.
    amount: z.string().optional(),
    customAmount: z.string().optional(),
    coverFee: z.literal("on").optional(),
    donorName: text("Your name", donationLimits.name).min(1, "Your name is required: it goes on your receipt."),
    donorEmail: email("Your email").refine((value) => value !== "", "Your email is required: your receipt goes there."),
    tributeKind: z.enum(["none", "honor", "memory"], { message: "Choose whether the gift honors someone." }).default("none"),
    tributeName: text("Their name", donationLimits.name).optional(),
    tributeNotifyName: text("The recipient's name", donationLimits.name).optional(),
    tributeNotifyEmail: email("Their email").optional(),
    /** Rendered into the form: a double submit finds the same gift. */
    idempotencyKey: z.uuid({ message: "This form is out of date. Please reload the page." }).optional(),
  })
  .superRefine(
    (input, ctx) => {
      const gift = chosenGift(input.amount, input.customAmount);
      if (!gift.ok) ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGES[gift.refusal], path: [gift.field ?? "customAmount"] });
      const tributeKind = input.tributeKind;
      if ((tributeKind === "honor" || tributeKind === "memory") && !(typeof input.tributeName === "string" && input.tributeName.trim())) {
        ctx.addIssue({ code: "custom", message: "Enter the name of the person your gift honors.", path: ["tributeName"] });
      }
    },
    // The amount is checked even when another field failed, so every problem shows at once.
    { when: () => true },
  )
  .transform((input) => {
    const gift = chosenGift(input.amount, input.customAmount);
    const giftCents = gift.ok ? gift.cents : 0; // unreachable: the refinement refused it
    const tribute: Tribute | null =
      input.tributeKind === "none"
        ? null
        : {
            kind: input.tributeKind,
            name: input.tributeName ?? "",
            notifyName: input.tributeNotifyEmail ? input.tributeNotifyName || null : null,
            notifyEmail: input.tributeNotifyEmail ? input.tributeNotifyEmail.toLowerCase() : null,
          };
    return {
      frequency: input.frequency === "monthly" ? ("monthly" as const) : ("one_time" as const),
      payBy: input.payBy,
      ...giftTotals(giftCents, input.coverFee === "on"),
      coverFee: input.coverFee === "on",
      donorName: input.donorName,
      donorEmail: input.donorEmail.toLowerCase(),
      tribute,
      idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
    };
  });

export type DonationInput = z.output<typeof donationSchema>;

/** DON-0042: a gift's reference for people (a check's memo line, the staff list). */
export function donationReference(number: number): string {
  return `DON-${String(number).padStart(4, "0")}`;
}
