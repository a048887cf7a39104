import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";

/** The fields of the records staff edit on the content and training desks: zod rules with the desks' messages. */

export const IMAGE_PATH_MAX = 200;

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
  .max(IMAGE_PATH_MAX, `Keep the path to ${IMAGE_PATH_MAX} characters or fewer.`)
  .regex(/^\/images\/(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:webp|avif|png|jpe?g)$/, "Enter a path like /images/team/jane-doe.webp: lower-case letters, digits and dashes, ending in .webp, .avif, .png or .jpg.");
