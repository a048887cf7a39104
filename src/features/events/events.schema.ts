import { z } from "zod";
import { databaseIdField } from "@/lib/database-id";

export const eventCategories = ["firearms", "fitness", "medical", "community"] as const;
export type EventCategory = (typeof eventCategories)[number];

export const eventCategoryLabels: Record<EventCategory, string> = {
  firearms: "Firearms",
  fitness: "Fitness",
  medical: "Medical",
  community: "Community",
};

export const calendarQuerySchema = z.object({
  category: z.enum(eventCategories).optional().catch(undefined),
});
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** Event ids in URLs: positive integers only; anything else is a 404, not a database error. */
export const eventIdSchema = databaseIdField;

export function calendarHref(category?: EventCategory): string {
  return category ? `/calendar?category=${category}` : "/calendar";
}

/** The event id in a URL segment, or undefined for anything that is not a plain positive integer ("abc", "1e3", "007"). */
export function parseEventIdSegment(segment: string): number | undefined {
  const parsed = eventIdSchema.safeParse(segment);
  return parsed.success && String(parsed.data) === segment ? parsed.data : undefined;
}

/** The registration controls' one form: which event, and which button was pressed. */
export const registrationIntents = ["register", "cancel", "claim"] as const;
export type RegistrationIntent = (typeof registrationIntents)[number];

/** A page of this site to come back to after a press without JavaScript: a path, never another site's address. */
const SITE_PATH = /^\/(?![/\\])[\w\-./?=&%]*$/;

export const registrationFormSchema = z.object({
  eventId: eventIdSchema,
  intent: z.enum(registrationIntents, { message: "Please use one of the buttons." }),
  // The page the form is on; a missing or foreign one means the event's own page.
  returnTo: z
    .string()
    .max(300)
    .regex(SITE_PATH)
    .optional()
    .catch(undefined),
});
