import { z } from "zod";
import { multiLineText } from "@/lib/text-fields";
import { threadLimits } from "./contact.fields";

/** The message a form acts on; checked by the service, so an unknown or odd id is one clear message above the form. */
const messageId = z.string().optional();

const body = (empty: string) =>
  multiLineText({ message: empty })
    .trim()
    .min(1, empty)
    .max(threadLimits.body, `Keep it under ${threadLimits.body.toLocaleString("en-US")} characters.`)
    // Browsers post a textarea's line breaks as CRLF: kept as plain LF in the thread and the email.
    .transform((text) => text.replace(/\r\n?/g, "\n"));

export const replySchema = z.object({ id: messageId, body: body("Write your reply before sending it.") });
export const noteSchema = z.object({ id: messageId, body: body("Write the note before saving it.") });
export const statusSchema = z.object({ id: messageId, status: z.enum(["closed", "open"], { message: "Choose close or reopen." }) });

export type ThreadInput = { id?: string; body: string };
export type StatusInput = z.output<typeof statusSchema>;
