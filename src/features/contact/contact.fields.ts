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

/** Staff replies and notes: long enough for any real answer, short enough to stay an email. */
export const threadLimits = { body: 10_000 } as const;

export type ContactStatus = "new" | "answered" | "closed";
export const contactStatuses: readonly { value: ContactStatus; label: string }[] = [
  { value: "new", label: "New" },
  { value: "answered", label: "Answered" },
  { value: "closed", label: "Closed" },
];

export function contactCategoryLabel(value: string): string {
  return contactCategories.find((c) => c.value === value)?.label ?? value;
}

/** The contact page promises an answer within this long. */
export const RESPONSE_HOURS = 24;

/** The contact form's spam trap (contactSchema's `website`): what a text browser shows, and the refusal if it is filled. */
export const SPAM_TRAP_LABEL = "Leave this field empty (it catches spam robots)";
export const SPAM_TRAP_FILLED = "This field must stay empty: it is there to catch spam robots. Clear it and send again.";
