import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";
import { IMAGE_PATH_MAX, imagePath, recordId, requiredLine, requiredText, sortOrder } from "@/lib/record-fields";

/** The longest text each content field takes; the forms use the same numbers for maxLength. */
export const contentLimits = {
  question: 200,
  answer: 2000,
  name: 120,
  role: 120,
  service: 160,
  bio: 1000,
  imagePath: IMAGE_PATH_MAX,
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
  email: singleLineText({ message: "Enter the email address." })
    .trim()
    .min(1, "Enter the email address.")
    .max(contentLimits.email, `Keep the email address to ${contentLimits.email} characters or fewer.`)
    .refine((value) => z.email().safeParse(value).success, "Enter an email address like info@example.org."),
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
/** Deleting an FAQ asks for a ticked box: it cannot be undone from the desk. */
export const deleteFaqSchema = deleteSchema.extend({ confirm: z.literal("yes", { error: "Tick the box to confirm that this FAQ should be deleted." }) });

export type FaqInput = z.output<typeof faqSchema>;
export type LeaderInput = z.output<typeof leaderSchema>;
export type LocationInput = z.output<typeof locationSchema>;
export type SiteContactInput = z.output<typeof siteContactSchema>;
export type DeleteInput = z.output<typeof deleteSchema>;
