/** The staff catalog's forms (zod): products, stock adjustments, publishing, archiving. */
import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";
import { productCategories } from "./catalog.schema";

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 2000;
export const ALT_MAX = 200;
export const NOTE_MAX = 500;
/** Prices above this are surely a typo (the dearest item sells for under $100). */
export const MAX_PRICE_CENTS = 1_000_000;
export const MAX_THRESHOLD = 1000;
export const MAX_STOCK_CHANGE = 10_000;

export const STAFF_STOCK_REASONS = ["received", "counted", "damaged", "other"] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];
export const STOCK_REASON_LABELS: Record<StaffStockReason | "order" | "order-cancelled" | "order-refunded", string> = {
  received: "Received (add to stock)",
  counted: "Counted (set the stock to the count)",
  damaged: "Damaged or lost (take from stock)",
  other: "Other (add; a minus sign takes away)",
  order: "Order placed",
  "order-cancelled": "Order canceled",
  "order-refunded": "Order refunded",
};

/** The sizes a product may come in, smallest first (the same as apparelSizes in db/schema/catalog.ts, which client forms must not import). */
export const PRODUCT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;

/** Size checkboxes are named `size-XS` … `size-XXL`: a form's fields reach the schema one value per name. */
export const sizeField = (size: string) => `size-${size}`;

const productId = z.coerce.number({ error: "This product no longer exists." }).int("This product no longer exists.").positive("This product no longer exists.").max(2_147_483_647, "This product no longer exists.");

const PRICE = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** "$1,250.5" → 125050; refuses 0, negatives, absurd amounts and anything that is not an amount. */
export const priceField = singleLineText()
  .transform((value) => value.trim())
  .transform((value, context) => {
    if (value === "") {
      context.addIssue({ code: "custom", message: "Enter the price in dollars, e.g. 24.99." });
      return z.NEVER;
    }
    if (value.startsWith("-")) {
      context.addIssue({ code: "custom", message: "A price can't be negative." });
      return z.NEVER;
    }
    const match = PRICE.exec(value);
    if (!match || match[1]!.replace(/,/g, "").length > 9) {
      context.addIssue({ code: "custom", message: "Enter the price in dollars and cents, e.g. 24.99." });
      return z.NEVER;
    }
    const cents = Number(match[1]!.replace(/,/g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
    if (cents === 0) {
      context.addIssue({ code: "custom", message: "A price must be more than $0.00." });
      return z.NEVER;
    }
    if (cents > MAX_PRICE_CENTS) {
      context.addIssue({ code: "custom", message: "A price above $10,000.00 is surely a typo. Check the amount." });
      return z.NEVER;
    }
    return cents;
  });

const wholeNumber = (label: string, max: number) =>
  singleLineText()
    .transform((value) => value.trim())
    .pipe(z.string().regex(/^-?\d{1,9}$/, `Enter ${label} as a whole number.`))
    .transform(Number)
    .pipe(z.number().min(0, `${label[0]!.toUpperCase()}${label.slice(1)} can't be negative.`).max(max, `${label[0]!.toUpperCase()}${label.slice(1)} is at most ${max}.`));

const productFields = {
  name: singleLineText()
    .transform((value) => value.trim())
    .pipe(z.string().min(2, "Enter the product's name.").max(NAME_MAX, `A name is at most ${NAME_MAX} characters.`)),
  description: multiLineText()
    .transform((value) => value.trim())
    .pipe(z.string().min(10, "Describe the product in a sentence or two.").max(DESCRIPTION_MAX, `A description is at most ${DESCRIPTION_MAX} characters.`)),
  category: z.enum(productCategories, { error: "Choose a category." }),
  price: priceField,
  featured: z.literal("yes").optional(),
  lowStockThreshold: wholeNumber("the low-stock threshold", MAX_THRESHOLD),
  imageAlt: singleLineText()
    .transform((value) => value.trim())
    .pipe(z.string().min(3, "Describe the picture for people who can't see it, e.g. \"Olive cap with the association's crest\".").max(ALT_MAX, `A description of the picture is at most ${ALT_MAX} characters.`)),
  ...Object.fromEntries(PRODUCT_SIZES.map((size) => [sizeField(size), z.literal("yes").optional()])),
};

function withSizes<T extends Record<string, unknown>>(input: T) {
  const sizes = PRODUCT_SIZES.filter((size) => input[sizeField(size)] === "yes");
  return {
    name: input.name as string,
    description: input.description as string,
    category: input.category as (typeof productCategories)[number],
    priceCents: input.price as number,
    featured: input.featured === "yes",
    lowStockThreshold: input.lowStockThreshold as number,
    imageAlt: input.imageAlt as string,
    sizes,
  };
}

export const createProductSchema = z.object(productFields).transform(withSizes);
export const updateProductSchema = z.object({ productId, ...productFields }).transform((input) => ({ productId: input.productId, ...withSizes(input) }));
export type ProductInput = z.output<typeof createProductSchema>;

const CONFIRM_ARCHIVE = "Tick the box to confirm that the product should leave the shop.";

/** Archiving asks for a ticked box (putting back on sale does not: archiving again undoes it). */
export const archiveSchema = z
  .object({ productId, archived: z.enum(["yes", "no"]).transform((value) => value === "yes"), confirm: z.literal("yes", { error: CONFIRM_ARCHIVE }).optional() })
  .superRefine((input, context) => {
    if (input.archived && input.confirm !== "yes") context.addIssue({ code: "custom", path: ["confirm"], message: CONFIRM_ARCHIVE });
  })
  .transform(({ productId, archived }) => ({ productId, archived }));

export const publishSchema = z.object({ productId });

/** The stock form has one quantity field per size, named by the size's id: `quantity-12`. */
export const quantityField = (variantId: number) => `quantity-${variantId}`;
const QUANTITY_FIELD = /^quantity-([1-9]\d{0,9})$/;

/** One size's quantity as typed, or the message that refuses it; blank leaves the size unchanged. */
function quantityOf(raw: string, reason: StaffStockReason): { quantity: number } | { message: string } | null {
  const text = raw.trim();
  if (text === "") return null;
  if (!/^[-+]?\d{1,9}$/.test(text)) return { message: "Enter a whole number, e.g. 12, or leave it blank." };
  const quantity = Number(text);
  if (reason !== "other" && quantity < 0) return { message: "Enter how many, without a minus sign: the reason says whether stock goes up or down." };
  if (Math.abs(quantity) > MAX_STOCK_CHANGE) return { message: `At most ${MAX_STOCK_CHANGE.toLocaleString("en-US")} at a time. Check the number.` };
  if (reason !== "counted" && quantity === 0) return { message: "Enter how many (more than 0), or leave it blank." };
  return { quantity };
}

/**
 * The stock form: one reason and note for every size, and a quantity per size (`quantity-<id>`; a
 * blank one leaves that size alone). Each refused quantity gets its own message.
 */
export const stockAdjustmentSchema = z
  .looseObject({
    productId,
    reason: z.enum(STAFF_STOCK_REASONS, { error: "Choose why the stock changes." }),
    note: multiLineText()
      .transform((value) => value.trim())
      .pipe(z.string().max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters.`)),
  })
  .transform((input, context) => {
    const changes: { variantId: number; quantity: number }[] = [];
    let refused = false;
    for (const [key, raw] of Object.entries(input)) {
      const match = QUANTITY_FIELD.exec(key);
      if (!match || typeof raw !== "string") continue;
      const variantId = Number(match[1]);
      if (variantId > 2_147_483_647) continue;
      const parsed = quantityOf(raw, input.reason);
      if (parsed === null) continue;
      if ("message" in parsed) {
        context.addIssue({ code: "custom", path: [key], message: parsed.message });
        refused = true;
      } else changes.push({ variantId, quantity: parsed.quantity });
    }
    if (input.reason === "other" && input.note === "") {
      context.addIssue({ code: "custom", path: ["note"], message: "Say what happened: a note is needed with “Other”." });
      refused = true;
    }
    if (!refused && changes.length === 0) {
      context.addIssue({ code: "custom", path: ["form"], message: "Enter a quantity for at least one size: a blank one stays as it is." });
      refused = true;
    }
    if (refused) return z.NEVER;
    return { productId: input.productId, reason: input.reason, note: input.note || null, changes };
  });
export type StockAdjustmentInput = z.output<typeof stockAdjustmentSchema>;

/** A product id from a URL, or null when it can name none (so the page is a 404, never a 500). */
export function parseProductId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
