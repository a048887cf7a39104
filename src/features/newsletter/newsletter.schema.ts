import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";
import { unsafeLinks } from "./newsletter-format";

export const subscribeSchema = z.object({
  email: singleLineText({ message: "Enter your e-mail address." })
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email({ message: "Enter a valid e-mail address, like name@example.com." }))
    .transform((email) => email.toLowerCase()),
});

export type SubscribeInput = z.output<typeof subscribeSchema>;

export const CONFIRM_LINK_LAPSED =
  "This confirmation link has expired or has already been used. If you are not subscribed yet, sign up again with the newsletter form at the bottom of any page.";
export const UNSUBSCRIBE_LINK_UNKNOWN = "We do not recognize this unsubscribe link. Use the link in the newsletter itself, or contact us.";

/** The token of a confirmation or unsubscribe link, as the page's form posts it back. */
export const tokenSchema = z.object({
  token: z.string({ message: "This link is incomplete. Open it again from the e-mail." }).trim().max(200, "This link is not one of ours."),
});

// ---------------------------------------------------------------- staff

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
  confirm: z.literal("on", { message: "Tick the box to confirm you checked the preview and the test e-mail." }),
});

/** An issue's id from the address bar, or null for anything that cannot be one. */
export function parseIssueId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
