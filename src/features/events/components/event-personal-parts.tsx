import { ServedText } from "@/components/layout/served-text";
import { getDb } from "@/db/client";
import { getEvents, type EventSummary } from "../events.queries";
import { spotsSeenBy } from "../member-spots";
import { registrationIntro } from "../registration-intro";
import { eventsWithMemberRegistrationsOfRequest, type MemberRegistration } from "../registration.queries";
import { outcomeAnnouncer } from "../registration-outcome";
import { registrationTarget } from "../registration-target";
import { REGISTRATION_PART_KINDS } from "../registration-part-kinds";
import { RegistrationControls } from "./registration-controls";

/**
 * An event's personal parts (ADR 0025), each named after the event: where the visitor stands
 * (`registration:ID`, the controls on a card; `registration-dark:ID`, on the event page's panel), the
 * spots as they see them (`event-spots:ID`) and, on the event's page, the line above the controls
 * (`registration-intro:ID`).
 */
export type EventPartKind = (typeof REGISTRATION_PART_KINDS)[keyof typeof REGISTRATION_PART_KINDS] | "event-spots" | "registration-intro";

/** An event's spots as this visitor sees them. */
export function MemberSpots({ event, registration }: { event: EventSummary; registration: MemberRegistration }) {
  return <ServedText part={`event-spots:${event.id}`} text={spotsSeenBy(event, registration).spotsLabel} />;
}

/** The line above an event page's controls, for this visitor. */
export function RegistrationIntro({ event, signedIn, registration }: { event: EventSummary; signedIn: boolean; registration: MemberRegistration }) {
  return <ServedText part={`registration-intro:${event.id}`} text={registrationIntro(event, signedIn, registration)} />;
}

/**
 * The asked-for parts of these events for one visitor (null: signed out), rendered alone, as the pages
 * render them: what the HTTP front fills a kept calendar or event page with. Unknown events are left out.
 */
export async function EventPersonalParts({ memberId, wanted }: { memberId: string | null; wanted: { kind: EventPartKind; eventId: number }[] }) {
  const ids = [...new Set(wanted.map((part) => part.eventId))];
  const [{ events, registrations }, announced] = await Promise.all([
    memberId
      ? eventsWithMemberRegistrationsOfRequest(memberId, ids)
      : getEvents(getDb(), ids).then((events) => ({ events, registrations: new Map<number, MemberRegistration>() })),
    outcomeAnnouncer(),
  ]);
  const byId = new Map(events.map((event) => [event.id, event]));
  return wanted.map(({ kind, eventId }) => {
    const event = byId.get(eventId);
    if (!event) return null;
    const registration = announced(eventId, registrations.get(eventId));
    const key = `${kind}:${eventId}`;
    if (kind === "event-spots") return <MemberSpots key={key} event={event} registration={registration} />;
    if (kind === "registration-intro") return <RegistrationIntro key={key} event={event} signedIn={memberId !== null} registration={registration} />;
    const tone = kind === REGISTRATION_PART_KINDS.dark ? "dark" : "light";
    return <RegistrationControls key={key} event={registrationTarget(event)} registration={registration} tone={tone} />;
  });
}
