import Link from "@/components/ui/link";
import type { EventSummary } from "../events.queries";
import type { MemberRegistration } from "../registration.queries";
import { CalendarButtons } from "./calendar-buttons";
import { categoryBadge } from "./category-badge";
import { EventFacts } from "./event-facts";
import { RegistrationNotes } from "./registration-notes";
import { RegistrationControls } from "./registration-controls";
import { registrationTarget } from "../registration-target";
import { MemberSpots } from "./event-personal-parts";

/**
 * An event on the calendar. "View Details" is a native exclusive <details name="event-details">: opening
 * one card closes the others, with or without JavaScript; CSS swaps the label to "Show Less" when open.
 */
export function EventCard({ event, registration }: { event: EventSummary; registration: MemberRegistration }) {
  const titleId = `event-${event.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="event-card"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6"
    >
      <div className="flex flex-wrap gap-2">
        <span className={`rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider ${categoryBadge[event.category]}`}>
          {event.categoryLabel}
        </span>
        {event.phase === "ended" && (
          <span className="rounded-full bg-sand-200 px-3 py-1 text-xs font-bold uppercase tracking-wider text-navy-900">Past event</span>
        )}
        {event.phase === "cancelled" && (
          <span className="rounded-full bg-red-800 px-3 py-1 text-xs font-bold uppercase tracking-wider text-white">Canceled</span>
        )}
      </div>
      <h3 id={titleId} className="text-xl font-bold leading-snug">
        <Link href={event.detailPath} className="underline-offset-4 hover:underline">
          {event.title}
        </Link>
      </h3>
      <EventFacts event={event} spots={<MemberSpots event={event} registration={registration} />} />

      <details name="event-details" className="group" data-testid="event-details">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md font-semibold text-olive-700 underline-offset-4 hover:underline [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">View Details</span>
          <span className="hidden group-open:inline">Show Less</span>
          <span className="sr-only">: {event.title}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </summary>
        <div className="mt-3 space-y-2 rounded-lg bg-sand-100 p-4 text-sm">
          <p>{event.description}</p>
          {event.instructor && (
            <p>
              <span className="font-semibold">Instructor:</span> {event.instructor}
            </p>
          )}
        </div>
      </details>

      <div className="mt-auto flex flex-col gap-3 border-t border-navy-900/10 pt-4">
        <RegistrationNotes notes={event.registrationNotes} />
        <RegistrationControls event={registrationTarget(event)} registration={registration} />
        {event.phase !== "ended" && event.phase !== "cancelled" && <CalendarButtons event={event} />}
      </div>
    </article>
  );
}
