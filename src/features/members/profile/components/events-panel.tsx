import { formatMemberDateTime } from "../format";
import type { MyEventRegistration } from "../profile.queries";
import { EmptyState } from "./empty-state";
import { cardClass, PanelHeading } from "./panel-heading";

export function EventsPanel({ registrations }: { registrations: MyEventRegistration[] }) {
  return (
    <section>
      <PanelHeading title="My Events">The events and training you have registered for.</PanelHeading>
      {registrations.length === 0 ? (
        <EmptyState message="You haven't registered for any events yet." href="/calendar" linkLabel="Browse the event calendar" />
      ) : (
        <ul className="space-y-4">
          {registrations.map((registration) => (
            <li key={registration.id} className={cardClass}>
              <p className="text-lg font-bold">{registration.title}</p>
              <p>
                <time dateTime={registration.startsAt.toISOString()}>{formatMemberDateTime(registration.startsAt)}</time> ·{" "}
                {registration.location}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
