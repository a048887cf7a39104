import { getDb } from "@/db/client";
import Link from "@/components/ui/link";
import { registrationTarget } from "../registration-target";
import { listMyEvents, type MyEvent } from "../registration.queries";
import { outcomeAnnouncer } from "../registration-outcome";
import { RegistrationControls } from "./registration-controls";
import { EmptyState } from "@/components/ui/empty-state";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";

function badge({ registration, cancelled }: MyEvent): { label: string; className: string } {
  switch (registration.status) {
    case "confirmed":
      return { label: "Registered", className: "bg-olive-600 text-white" };
    case "waitlisted":
      return { label: `Waitlist #${registration.position}`, className: "bg-gold-500 text-navy-900" };
    case "offered":
      return { label: "Seat on hold", className: "bg-gold-500 text-navy-900" };
    case "none":
      return { label: cancelled === "offer-expired" ? "Offer expired" : cancelled === "event-cancelled" ? "Event canceled" : "Canceled", className: "bg-sand-200 text-navy-900" };
  }
}

function EventItem({ item, returnTo }: { item: MyEvent; returnTo: string }) {
  const { event, registration } = item;
  const { label, className } = badge(item);
  const headingId = `my-event-${event.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className={`${cardClass} space-y-3`} data-testid="my-event">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider ${className}`}>{label}</span>
          {event.phase === "ended" && (
            <span className="rounded-full bg-sand-200 px-3 py-1 text-xs font-bold uppercase tracking-wider text-navy-900">Past event</span>
          )}
        </div>
        <h4 id={headingId} className="text-lg font-bold">
          <Link href={event.detailPath} className="underline-offset-4 hover:underline">
            {event.title}
          </Link>
        </h4>
        <p>
          <time dateTime={event.startsAtIso}>{event.date}</time> · {event.timeRange} · {event.location}
        </p>
        {event.phase !== "ended" && (
          <RegistrationControls event={registrationTarget(event)} registration={registration} returnTo={returnTo} />
        )}
      </article>
    </li>
  );
}

function EventList({ id, title, items, returnTo }: { id: string; title: string; items: MyEvent[]; returnTo: string }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 text-xl font-bold">
        {title} ({items.length})
      </h3>
      <ul className="space-y-4">
        {items.map((item) => (
          <EventItem key={item.event.id} item={item} returnTo={returnTo} />
        ))}
      </ul>
    </section>
  );
}

/** The profile's Events tab: the member's registrations, upcoming then past. */
/** `returnTo`: the tab's own address, where a press without JavaScript comes back to. */
export async function MyEventsPanel({ memberId, returnTo }: { memberId: string; returnTo: string }) {
  const [listed, announced] = await Promise.all([listMyEvents(getDb(), memberId), outcomeAnnouncer()]);
  const items = listed.map((item) => ({ ...item, registration: announced(item.event.id, item.registration) }));
  const upcoming = items.filter((i) => i.event.phase !== "ended");
  const past = items.filter((i) => i.event.phase === "ended").reverse();
  return (
    <section>
      <PanelHeading title="My Events">The events you have registered for, and your waitlist places.</PanelHeading>
      {items.length === 0 ? (
        <EmptyState message="You haven't registered for any events yet." href="/calendar" linkLabel="Browse the event calendar" />
      ) : (
        <div className="space-y-8">
          {upcoming.length > 0 ? (
            <EventList id="my-events-upcoming" title="Upcoming" items={upcoming} returnTo={returnTo} />
          ) : (
            <EmptyState message="No upcoming events." href="/calendar" linkLabel="Browse the event calendar" />
          )}
          {past.length > 0 && <EventList id="my-events-past" title="Past" items={past} returnTo={returnTo} />}
        </div>
      )}
    </section>
  );
}
