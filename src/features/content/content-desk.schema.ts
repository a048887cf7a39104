import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";

/** The longest text each content field takes; the forms use the same numbers for maxLength. */
export const contentLimits = {
  question: 200,
  answer: 2000,
  name: 120,
  role: 120,
  service: 160,
  bio: 1000,
  imagePath: 200,
  imageAlt: 200,
  street: 160,
  city: 80,
  region: 40,
  postalCode: 20,
  locationDescription: 500,
  email: 254,
  phone: 40,
  phoneHours: 120,
} as const;

export const SORT_ORDER_MAX = 9999;

/** A one-line text field that must not be empty. */
export function requiredLine(label: string, max: number) {
  return singleLineText({ message: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} to ${max.toLocaleString("en-US")} characters or fewer.`);
}

/** A text area that must not be empty; browsers post its line breaks as CRLF, kept as LF. */
export function requiredText(label: string, max: number) {
  return multiLineText({ message: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} to ${max.toLocaleString("en-US")} characters or fewer.`)
    .transform((text) => text.replace(/\r\n?/g, "\n"));
}

/** Where a row appears in its list: smaller first; equal numbers keep the order they were added in. */
export const sortOrder = z
  .string({ message: "Enter a position number." })
  .trim()
  .regex(/^\d{1,4}$/, `Enter a whole number from 0 to ${SORT_ORDER_MAX}.`)
  .transform(Number);

/** The row a form acts on, as posted: checked by the service, so an odd or unknown id is one clear message. */
export const recordId = z.string().optional();

/** A picture already on the site, under /images (uploads come with the image module). */
export const imagePath = singleLineText({ message: "Enter the photo's path." })
  .trim()
  .min(1, "Enter the photo's path.")
  .max(contentLimits.imagePath, `Keep the path to ${contentLimits.imagePath} characters or fewer.`)
  .regex(/^\/images\/(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:webp|avif|png|jpe?g)$/, "Enter a path like /images/team/jane-doe.webp: lower-case letters, digits and dashes, ending in .webp, .avif, .png or .jpg.");

export const faqSchema = z.object({
  id: recordId,
  question: requiredLine("the question", contentLimits.question),
  answer: requiredText("the answer", contentLimits.answer),
  sortOrder,
});

export const leaderSchema = z.object({
  id: recordId,
  name: requiredLine("the name", contentLimits.name),
  role: requiredLine("the role", contentLimits.role),
  service: requiredLine("the service line", contentLimits.service),
  bio: requiredText("a short bio", contentLimits.bio),
  /** Optional once a photo is uploaded (the upload itself is checked by the images module). */
  imagePath: z.union([z.literal(""), imagePath]).optional().transform((path) => path || null),
  imageAlt: requiredLine("a description of the photo", contentLimits.imageAlt),
  sortOrder,
});

export const locationSchema = z.object({
  id: recordId,
  name: requiredLine("the location's name", contentLimits.name),
  street: requiredLine("the street address", contentLimits.street),
  city: requiredLine("the city", contentLimits.city),
  region: requiredLine("the state", contentLimits.region),
  postalCode: singleLineText({ message: "Enter the ZIP code." })
    .trim()
    .regex(/^\d{5}(?:-\d{4})?$/, "Enter a ZIP code like 78205 or 78205-1234."),
  description: requiredText("a short description", contentLimits.locationDescription),
  sortOrder,
});

const PHONE = /^\+?[\d\s().-]+$/;

export const siteContactSchema = z.object({
  email: singleLineText({ message: "Enter the e-mail address." })
    .trim()
    .min(1, "Enter the e-mail address.")
    .max(contentLimits.email, `Keep the e-mail address to ${contentLimits.email} characters or fewer.`)
    .refine((value) => z.email().safeParse(value).success, "Enter an e-mail address like info@example.org."),
  phone: singleLineText({ message: "Enter the phone number." })
    .trim()
    .min(1, "Enter the phone number.")
    .max(contentLimits.phone, `Keep the phone number to ${contentLimits.phone} characters or fewer.`)
    .refine((value) => PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7 && (value.match(/\d/g)?.length ?? 0) <= 15, "Enter a phone number like (210) 555-0142: digits, spaces, brackets, dots and dashes."),
  phoneHours: requiredLine("the phone hours", contentLimits.phoneHours),
  street: requiredLine("the street address", contentLimits.street),
  city: requiredLine("the city", contentLimits.city),
  region: requiredLine("the state", contentLimits.region),
  postalCode: singleLineText({ message: "Enter the ZIP code." })
    .trim()
    .regex(/^\d{5}(?:-\d{4})?$/, "Enter a ZIP code like 78205 or 78205-1234."),
});

export const deleteSchema = z.object({ id: recordId });

export type FaqInput = z.output<typeof faqSchema>;
export type LeaderInput = z.output<typeof leaderSchema>;
export type LocationInput = z.output<typeof locationSchema>;
export type SiteContactInput = z.output<typeof siteContactSchema>;
export type DeleteInput = z.output<typeof deleteSchema>;
