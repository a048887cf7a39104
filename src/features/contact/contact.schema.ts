import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";
import { SPAM_TRAP_FILLED, contactCategories, contactLimits, type ContactCategory } from "./contact.fields";

const categoryValues = contactCategories.map((c) => c.value) as [ContactCategory, ...ContactCategory[]];

const required = (label: string, max: number, lines: "single" | "multi" = "single") =>
  (lines === "single" ? singleLineText : multiLineText)({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

/** Shared by the browser form (attributes) and the server action (parse). */
export const contactSchema = z.object({
  name: required("Name", contactLimits.name),
  email: required("Email", contactLimits.email).pipe(z.email({ message: "Enter a valid email address, like name@example.com." })),
  phone: singleLineText()
    .trim()
    .max(contactLimits.phone, `Phone must be ${contactLimits.phone} characters or fewer.`)
    .regex(/^[\d\s()+.-]*$/, "Phone may contain only digits, spaces and + ( ) - .")
    .optional()
    .transform((phone) => (phone ? phone : null)),
  subject: required("Subject", contactLimits.subject),
  message: required("Message", contactLimits.message, "multi"),
  category: z.enum(categoryValues, { message: "Choose what your message is about." }),
  privacy: z.literal("on", { message: "Please agree to the privacy policy so we can reply to you." }),
  /**
   * Spam trap: off-screen for sighted people and hidden from screen readers, but a text browser shows it
   * (it ignores CSS), so it says to leave it empty, and a filled one is refused with that message rather
   * than the message silently dropped.
   */
  website: z.string().max(0, SPAM_TRAP_FILLED).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;

