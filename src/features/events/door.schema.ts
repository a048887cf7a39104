import { z } from "zod";
import { requiredLine } from "@/lib/record-fields";
import { eventIdSchema } from "./events.schema";

export const WALK_IN_NAME_MAX = 120;
export const WALK_IN_EMAIL_MAX = 254;

/** A walk-in as the door volunteer types them: a name and an email address. */
export const walkInSchema = z.object({
  eventId: eventIdSchema,
  name: requiredLine("their name", WALK_IN_NAME_MAX),
  email: requiredLine("their email address", WALK_IN_EMAIL_MAX)
    .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
    .transform((email) => email.toLowerCase()),
});

export type WalkInInput = z.output<typeof walkInSchema>;
