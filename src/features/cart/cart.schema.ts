import { z } from "zod";
import { databaseIdField } from "@/lib/database-id";

export const MAX_LINE_QUANTITY = 20;


export const addToCartSchema = z.object({
  variantId: databaseIdField.catch(0).pipe(z.number().int().positive({ message: "Please choose a size." })),
  quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY).catch(1),
  returnTo: z.string().max(2048).optional(),
});
export type AddToCartInput = z.output<typeof addToCartSchema>;

export const updateLineSchema = z.object({
  lineId: databaseIdField,
  quantity: z.coerce.number({ message: "Enter a quantity." }).int("Enter a whole number.").min(0).max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one item.`),
});

export const removeLineSchema = z.object({ lineId: databaseIdField });

export const membershipPlanSchema = z.object({ plan: z.enum(["premium", "elite"]) });

/** The result the add-to-cart form announces (and the no-JS redirect encodes as ?cart=…). */
export type AddToCartOutcome = "added" | "limited" | "out-of-stock" | "invalid";
