import { z } from "zod";
import { databaseIdField } from "@/lib/database-id";
import { singleLineText } from "@/lib/text-fields";
import { checkoutLimits } from "./checkout.fields";

export { SHIPPING_FLAT_CENTS } from "./checkout.fields";

const required = (label: string, max: number) =>
  singleLineText({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

const optionalText = (max: number) =>
  singleLineText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * The checkout form. Address fields are required only for shipping and the location only for pickup;
 * the server decides "none" itself when the cart holds only membership upgrades.
 */
export const checkoutSchema = z
  .object({
    idempotencyKey: z.uuid({ message: "This checkout form is out of date. Please reload the page." }),
    expectedSubtotalCents: z.coerce.number().int().min(0),
    name: required("Name", checkoutLimits.name),
    email: required("Email", checkoutLimits.email)
      .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
      .transform((v) => v.toLowerCase()),
    phone: required("Phone", checkoutLimits.phone).regex(/^[\d\s()+.-]{7,}$/, "Enter a phone number we can call, like (210) 555-0142."),
    fulfilment: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["shipping", "pickup"], { message: "Choose shipping or pickup." }).optional()),
    shipLine1: optionalText(checkoutLimits.line),
    shipLine2: optionalText(checkoutLimits.line),
    shipCity: optionalText(checkoutLimits.city),
    shipRegion: optionalText(checkoutLimits.region),
    shipPostalCode: optionalText(checkoutLimits.postalCode),
    // Out of range reads as "no location chosen", the same answer as for an unknown one.
    pickupLocationId: databaseIdField.optional().catch(undefined),
  })
  .superRefine((input, ctx) => {
    if (input.fulfilment === "shipping") {
      const needed = [
        ["shipLine1", "Street address is required for shipping."],
        ["shipCity", "City is required for shipping."],
        ["shipRegion", "State is required for shipping."],
        ["shipPostalCode", "ZIP code is required for shipping."],
      ] as const;
      for (const [field, message] of needed) if (!input[field]) ctx.addIssue({ code: "custom", path: [field], message });
      if (input.shipPostalCode && !/^\d{5}(-\d{4})?$/.test(input.shipPostalCode)) {
        ctx.addIssue({ code: "custom", path: ["shipPostalCode"], message: "Enter a 5-digit ZIP code, like 78205." });
      }
    }
    if (input.fulfilment === "pickup" && !input.pickupLocationId) {
      ctx.addIssue({ code: "custom", path: ["pickupLocationId"], message: "Choose where you will pick up your order." });
    }
  });

export type CheckoutInput = z.output<typeof checkoutSchema>;

export const orderStatusLabels = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  cancelled: "Canceled",
  refunded: "Refunded",
} as const;

/** What people read: VVA-1001, VVA-1002, … */
export function orderNumber(serial: number): string {
  return `VVA-${1000 + serial}`;
}
