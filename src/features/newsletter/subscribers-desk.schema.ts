/** The newsletter desk's subscriber forms (zod): a paper sign-up sheet's address, and an unsubscribe asked by phone. */
import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";

export const SHEET_MAX = 200;
export const REQUEST_MAX = 200;

const address = singleLineText({ message: "Enter the email address." })
  .trim()
  .min(1, "Enter the email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
  .transform((email) => email.toLowerCase());

export const paperSignUpSchema = z.object({
  email: address,
  sheet: singleLineText({ message: "Say which sign-up sheet it is." })
    .trim()
    .min(1, "Say which sign-up sheet it is: where and when it was signed.")
    .max(SHEET_MAX, `Describe the sheet in ${SHEET_MAX} characters or fewer.`),
  signed: z.literal("on", { message: "Tick the box to confirm the person wrote this address on the sheet and ticked or signed for the newsletter." }),
});
export type PaperSignUpInput = z.output<typeof paperSignUpSchema>;

export const staffUnsubscribeSchema = z.object({
  email: address,
  request: singleLineText({ message: "Say how they asked." })
    .trim()
    .min(1, "Say how they asked, for example “Phoned the office”.")
    .max(REQUEST_MAX, `Say how they asked in ${REQUEST_MAX} characters or fewer.`),
});
export type StaffUnsubscribeInput = z.output<typeof staffUnsubscribeSchema>;

export const IMPORT_SOURCE_MAX = 200;

/** The subscriber import's upload form: where the list comes from (the consent record names it), and whether to ask addresses without a consent date. */
export const subscribersImportSchema = z
  .object({
    source: singleLineText({ message: "Say where the list comes from." })
      .trim()
      .min(1, "Say where the list comes from, e.g. “Mailchimp export, June 2027”: it is kept as their consent record.")
      .max(IMPORT_SOURCE_MAX, `Say where the list comes from in ${IMPORT_SOURCE_MAX} characters or fewer.`),
    sendConfirmation: z.literal("yes").optional(),
  })
  .transform(({ source, sendConfirmation }) => ({ source, sendConfirmation: sendConfirmation === "yes" }));
