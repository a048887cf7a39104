import type { EventSummary } from "./events.queries";
import type { MemberRegistration } from "./registration.queries";

/** The line above the controls: the event's seats for someone still to choose, never a call to act that the member's own state below contradicts. */
export function registrationIntro(event: EventSummary, signedIn: boolean, registration: MemberRegistration): string {
  if (event.phase === "cancelled") return "This event has been canceled. Everyone who was registered has been emailed. See the calendar for other events.";
  if (event.phase === "ended") return "This event has passed. See the calendar for what is coming up next.";
  if (event.phase === "started") return "This event is under way, so registration has closed.";
  if (registration.status === "confirmed") {
    return "Download iCal gives you the calendar entry of your own registration, the same one as the file in your confirmation email: importing both keeps one entry in your calendar.";
  }
  if (registration.status === "waitlisted") return "Every seat is taken. Your place in line is below; we will email you if a seat opens up.";
  if (registration.status === "offered") return "A seat has opened up and is on hold for you: claim it below before the hold ends.";
  const spots = event.spotsLeft === null ? "There is no attendance limit." : event.spotsLeft === 0 ? "Every seat is taken: join the waitlist and we will email you if one opens up." : `${event.spotsLabel}.`;
  if (signedIn) return spots;
  return event.membersOnly
    ? `${spots} Sign in to register; you will come straight back here.`
    : `${spots} Sign in or create a free account to register; you will come straight back here.`;
}
