/** The staff newsletter desk's forms (zod): an issue's subject and text, saving, testing and sending it. */
import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";
import { unsafeLinks } from "./newsletter-format";

export const issueLimits = { subject: 150, body: 20_000 } as const;

/** An HTML tag typed into the text: refused with a pointer to the formatting that works. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

export const issueSchema = z.object({
  subject: singleLineText({ message: "Enter a subject." })
    .trim()
    .min(1, "Enter a subject.")
    .max(issueLimits.subject, `The subject must be ${issueLimits.subject} characters or fewer.`),
  body: multiLineText({ message: "Write the newsletter's text." })
    .trim()
    .min(1, "Write the newsletter's text.")
    .max(issueLimits.body, `The text must be ${issueLimits.body.toLocaleString("en-US")} characters or fewer.`)
    .refine((body) => !HTML_TAG.test(body), "HTML is not used here: write **bold**, [a link](https://…) and lists with - instead.")
    .superRefine((body, ctx) => {
      const [first] = unsafeLinks(body);
      if (first !== undefined) ctx.addIssue({ code: "custom", message: `Links must start with https://, http:// or mailto: (not “${first.slice(0, 60)}”).` });
    }),
});

export type IssueInput = z.output<typeof issueSchema>;

const issueId = z.coerce
  .number({ message: "This newsletter no longer exists." })
  .int("This newsletter no longer exists.")
  .min(1, "This newsletter no longer exists.")
  .max(2_147_483_647, "This newsletter no longer exists.");

export const issueUpdateSchema = issueSchema.extend({ id: issueId });
export type IssueUpdateInput = z.output<typeof issueUpdateSchema>;

export const issueIdSchema = z.object({ id: issueId });

export const sendIssueSchema = z.object({
  id: issueId,
  confirm: z.literal("on", { message: "Tick the box to confirm you checked the preview and the test email." }),
});

/** An issue's id from the address bar, or null for anything that cannot be one. */
export function parseIssueId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
