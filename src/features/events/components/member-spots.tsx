import { ServedText } from "@/components/layout/served-text";
import type { EventSummary } from "../events.queries";
import { spotsSeenBy } from "../member-spots";
import type { MemberRegistration } from "../registration.queries";

/** An event's spots as this visitor sees them: a personal part (ADR 0025), so the page around it is the same for everyone. */
export function MemberSpots({ event, registration }: { event: EventSummary; registration: MemberRegistration }) {
  return <ServedText part={`event-spots:${event.id}`} text={spotsSeenBy(event, registration).spotsLabel} />;
}
