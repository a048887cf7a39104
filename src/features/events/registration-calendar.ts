import type { eventRegistrations, events } from "@/db/schema/events";
import { siteUrl } from "@/lib/env";
import { eventPath } from "./event-paths";
import { registrationUid, type IcalEvent } from "./ical";

type EventRow = typeof events.$inferSelect;
type RegistrationFields = Pick<typeof eventRegistrations.$inferSelect, "userId" | "status" | "sequence" | "updatedAt">;

/**
 * A registration as one calendar entry, written the same way in the member's private feed and in the
 * files emailed about it: one UID per registration, SEQUENCE the event's plus the registration's (so
 * it grows with every change to either), waitlist places and offers TENTATIVE, and a cancelled
 * registration or a cancelled event CANCELLED, so calendar apps update the one entry.
 */
export function registrationCalendarEntry(event: EventRow, registration: RegistrationFields, host: string): IcalEvent {
  const waiting = registration.status === "waitlisted" || registration.status === "offered";
  const cancelled = registration.status === "cancelled" || event.cancelledAt !== null;
  return {
    ...event,
    uid: registrationUid(event.id, registration.userId, host),
    title: waiting && !cancelled ? `Waitlist: ${event.title}` : event.title,
    sequence: event.sequence + registration.sequence,
    updatedAt: registration.updatedAt > event.updatedAt ? registration.updatedAt : event.updatedAt,
    status: cancelled ? "cancelled" : waiting ? "tentative" : "confirmed",
    url: `${siteUrl()}${eventPath(event.id)}`,
  };
}
