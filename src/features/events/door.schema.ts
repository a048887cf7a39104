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

/** The most ops a door phone sends in one request; it sends a longer queue in several. */
export const SYNC_BATCH_MAX = 200;

/**
 * One queued check-in or undo as a door phone sends it: its own random id (a second arrival changes
 * nothing), the registration, what was done, when (ISO 8601 with its offset), and the phone's random id.
 */
export const syncOpSchema = z.strictObject({
  opId: z.uuid({ message: "opId must be a UUID." }),
  registrationId: z.number({ message: "registrationId must be a registration's number." }).int().positive().max(2_147_483_647),
  action: z.enum(["check-in", "undo"], { message: 'action must be "check-in" or "undo".' }),
  at: z.iso.datetime({ offset: true, message: "at must be a date and time such as 2028-09-19T14:02:00.000Z." }).transform((at) => new Date(at)),
  deviceId: z.uuid({ message: "deviceId must be a UUID." }),
});

export type SyncOp = z.output<typeof syncOpSchema>;

/** The request's body: `{ "ops": [...] }`, each op checked on its own (syncOpSchema), so one bad op refuses only itself. */
export const syncBatchSchema = z.strictObject({
  ops: z.array(z.unknown(), { message: "ops must be a list." }).min(1, { message: "ops is empty." }).max(SYNC_BATCH_MAX, { message: `Send at most ${SYNC_BATCH_MAX} ops at a time.` }),
});
