/** Inputs of the events desk and the door: its forms (zod), one schema per form. */
import { z } from "zod";
import { POSTGRES_INTEGER_MAX } from "@/lib/database-id";
import { multiLineText, singleLineText } from "@/lib/text-fields";
import { eventCategories } from "./events.schema";
import { eligibilities } from "./registration-window";

export const EVENT_LIMITS = {
  title: 120,
  location: 200,
  instructor: 120,
  description: 5000,
  capacity: 10_000,
  subject: 150,
  message: 5000,
  cancellationReason: 1000,
  priorityDays: 90,
} as const;

/** A row id from a hidden field; anything but a plain positive integer names nothing. */
function id(message: string) {
  return z.string({ error: message }).regex(/^[1-9]\d{0,9}$/, message).transform(Number).refine((n) => n <= POSTGRES_INTEGER_MAX, message);
}

const eventId = id("This event no longer exists.");
const registrationId = id("This registration no longer exists.");

function line(what: string, max: number) {
  return singleLineText()
    .transform((value) => value.trim())
    .pipe(z.string().min(1, `Enter the ${what}.`).max(max, `The ${what} is at most ${max} characters.`));
}

function paragraphs(what: string, max: number) {
  return multiLineText()
    .transform((value) => value.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().min(1, `Enter the ${what}.`).max(max, `The ${what} is at most ${max} characters.`));
}

/** A calendar day as the date input sends it, and a real one (no 31 February). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD.")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= "2000-01-01" && value <= "2100-12-31";
  }, "Enter a real date.");

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter the time as HH:MM (24-hour), e.g. 18:30.");

/**
 * Capacity: a whole number of seats, or empty with "unlimited" ticked. The service checks it against
 * the seats already taken.
 */
const eventFields = {
    title: line("title", EVENT_LIMITS.title),
    category: z.enum(eventCategories, { error: "Choose a category." }),
    date: day,
    startTime: time,
    endTime: time,
    /** A training location as the select offers it, or "other" with the place typed in locationOther. */
    location: singleLineText({ error: "Choose a location." }).transform((value) => value.trim()),
    locationOther: singleLineText().transform((value) => value.trim()).optional(),
    /** Optional: a cookout has no instructor. */
    instructor: singleLineText()
      .transform((value) => value.trim())
      .pipe(z.string().max(EVENT_LIMITS.instructor, `The instructor is at most ${EVENT_LIMITS.instructor} characters.`))
      .default(""),
    description: paragraphs("description", EVENT_LIMITS.description),
    unlimited: z.literal("yes").optional(),
    capacity: z.string().trim().optional(),
    /** Registration opens "now" or "later" (at opensDate and opensTime, Central Time). */
    opens: z.enum(["now", "later"], { error: "Choose when registration opens." }).default("now"),
    opensDate: z.string().trim().optional(),
    opensTime: z.string().trim().optional(),
    /** Days before that Premium and Elite members may register; empty for none. */
    priorityDays: z.string().trim().optional(),
    eligibility: z.enum(eligibilities, { error: "Choose who may register." }).default("everyone"),
};

/** The select's choice that asks for the place to be typed. */
export const OTHER_LOCATION = "other";

type EventFieldsInput = {
  location: string;
  locationOther?: string;
  startTime: string;
  endTime: string;
  unlimited?: "yes";
  capacity?: string;
  opens: "now" | "later";
  opensDate?: string;
  opensTime?: string;
  priorityDays?: string;
  eligibility: (typeof eligibilities)[number];
};

function openingRules(input: EventFieldsInput, ctx: z.RefinementCtx) {
  if (input.opens === "later") {
    const date = day.safeParse(input.opensDate ?? "");
    if (!input.opensDate) ctx.addIssue({ code: "custom", path: ["opensDate"], message: "Enter the date registration opens to everyone." });
    else if (!date.success) ctx.addIssue({ code: "custom", path: ["opensDate"], message: date.error.issues[0]!.message });
    const hhmm = time.safeParse(input.opensTime ?? "");
    if (!input.opensTime) ctx.addIssue({ code: "custom", path: ["opensTime"], message: "Enter the time registration opens to everyone." });
    else if (!hhmm.success) ctx.addIssue({ code: "custom", path: ["opensTime"], message: hhmm.error.issues[0]!.message });
  }
  const days = input.priorityDays ?? "";
  if (days === "") return;
  if (!/^\d{1,3}$/.test(days) || Number(days) < 1 || Number(days) > EVENT_LIMITS.priorityDays)
    ctx.addIssue({ code: "custom", path: ["priorityDays"], message: `Enter a whole number of days from 1 to ${EVENT_LIMITS.priorityDays}, or leave it empty.` });
  else if (input.opens !== "later")
    ctx.addIssue({ code: "custom", path: ["priorityDays"], message: "A priority window needs an opening time for everyone: choose \"Opens later\" and set it." });
  else if (input.eligibility !== "everyone")
    ctx.addIssue({ code: "custom", path: ["priorityDays"], message: "Only members may register for this event anyway: leave the priority window empty." });
}

function locationRules({ location, locationOther }: EventFieldsInput, ctx: z.RefinementCtx) {
  const max = `The location is at most ${EVENT_LIMITS.location} characters.`;
  if (location === "") ctx.addIssue({ code: "custom", path: ["location"], message: "Choose a location." });
  else if (location === OTHER_LOCATION && !locationOther)
    ctx.addIssue({ code: "custom", path: ["locationOther"], message: "Type the place, or choose one of the training locations above." });
  else if (location === OTHER_LOCATION && locationOther!.length > EVENT_LIMITS.location) ctx.addIssue({ code: "custom", path: ["locationOther"], message: max });
  else if (location.length > EVENT_LIMITS.location) ctx.addIssue({ code: "custom", path: ["location"], message: max });
}

function eventRules<T extends EventFieldsInput>(input: T, ctx: z.RefinementCtx) {
    locationRules(input, ctx);
    if (input.endTime <= input.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: "The end time must be after the start time." });
    openingRules(input, ctx);
    if (input.unlimited) return;
    const capacity = input.capacity ?? "";
    if (capacity === "") ctx.addIssue({ code: "custom", path: ["capacity"], message: "Enter the number of seats, or tick Unlimited." });
    else if (!/^\d{1,6}$/.test(capacity) || Number(capacity) < 1 || Number(capacity) > EVENT_LIMITS.capacity)
      ctx.addIssue({ code: "custom", path: ["capacity"], message: `Enter a whole number of seats from 1 to ${EVENT_LIMITS.capacity.toLocaleString("en-US")}.` });
}

function withCapacity<T extends EventFieldsInput>({ unlimited, capacity, opens, opensDate, opensTime, priorityDays, location, locationOther, ...rest }: T) {
  return {
    ...rest,
    location: location === OTHER_LOCATION ? locationOther! : location,
    capacity: unlimited ? null : Number(capacity),
    /** The wall time in the association's zone registration opens to everyone; null: open now. */
    opening: opens === "later" ? { date: opensDate!, time: opensTime! } : null,
    priorityWindowDays: priorityDays ? Number(priorityDays) : null,
  };
}

export const eventFormSchema = z.object(eventFields).superRefine(eventRules).transform(withCapacity);

export type EventForm = z.output<typeof eventFormSchema>;

export const updateEventSchema = z.object({ eventId, ...eventFields }).superRefine(eventRules).transform(withCapacity);

export const cancelEventSchema = z.object({
  eventId,
  confirm: z.literal("yes", { error: "Tick the box to confirm that the event should be canceled." }),
  /** Optional: why, in the staff's words, quoted in the cancellation email. */
  reason: multiLineText()
    .transform((value) => value.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(EVENT_LIMITS.cancellationReason, `The reason is at most ${EVENT_LIMITS.cancellationReason} characters.`))
    .optional(),
});

export const emailAttendeesSchema = z.object({
  eventId,
  subject: line("subject", EVENT_LIMITS.subject),
  message: paragraphs("message", EVENT_LIMITS.message),
});

export const checkInSchema = z.object({ eventId, registrationId });

/** The door's search box: trimmed, short, and without control characters; anything else searches for nothing. */
export function parseCheckInSearch(value: string | string[] | undefined): string {
  if (typeof value !== "string") return "";
  const trimmed = value.trim().slice(0, 100);
  return /[\u0000-\u001f\u007f]/.test(trimmed) ? "" : trimmed;
}
