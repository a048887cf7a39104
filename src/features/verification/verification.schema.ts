import { z } from "zod";
import { SERVICE_STATUSES } from "./verification.fields";

const statusValues = SERVICE_STATUSES.map((status) => status.value) as [string, ...string[]];

/** The text part of a member's request; the document is read from the form data by the action. */
export const requestSchema = z.object({
  serviceStatus: z.enum(statusValues as [(typeof SERVICE_STATUSES)[number]["value"], ...(typeof SERVICE_STATUSES)[number]["value"][]], {
    error: "Choose the service status you want verified.",
  }),
});

const id = z.uuid({ error: "This request does not exist." });

/** Staff approve until a date (the last day the discount applies), chosen on the form; default a year. */
export const approveSchema = z.object({
  id,
  validThrough: z.iso.date({ error: "Enter the last day the verification is valid, as a date." }),
});

export const rejectSchema = z.object({
  id,
  reason: z
    .string()
    .trim()
    .min(1, { error: "Say why, so the member knows what to send instead." })
    .max(1000, { error: "Keep the reason under 1,000 characters." }),
});
