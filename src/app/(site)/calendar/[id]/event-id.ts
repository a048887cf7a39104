import { eventIdSchema } from "@/features/events/events.schema";

/** The event id in a URL segment, or undefined for anything that is not a plain positive integer ("abc", "1e3", "007"). */
export function parseEventIdSegment(segment: string): number | undefined {
  const parsed = eventIdSchema.safeParse(segment);
  return parsed.success && String(parsed.data) === segment ? parsed.data : undefined;
}
