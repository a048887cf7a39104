/**
 * The contact form's categories and limits, free of zod so the browser form can import them
 * without shipping the validation library (the server parses with contact.schema.ts).
 */
export const contactCategories = [
  { value: "general", label: "General Inquiry" },
  { value: "training", label: "Training Programs" },
  { value: "membership", label: "Membership" },
  { value: "volunteer", label: "Volunteer" },
  { value: "donation", label: "Donation" },
  { value: "shop", label: "Shop / Orders" },
] as const;
export type ContactCategory = (typeof contactCategories)[number]["value"];

export const contactLimits = { name: 100, email: 254, phone: 30, subject: 150, message: 5000 } as const;

export function parseContactCategory(value: unknown): ContactCategory | undefined {
  return contactCategories.find((c) => c.value === value)?.value;
}
