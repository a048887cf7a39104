import Link from "@/components/ui/link";
import type { DoorEvent } from "../../door-access.service";
import { checkInPath } from "../../event-paths";

/** The check-in page's events, today's first and marked: each a link to its door page, or, for the door before its window opens, the window instead. */
export function CheckInEvents({ events, empty }: { events: DoorEvent[]; empty: string }) {
  if (events.length === 0) return <p className="text-navy-700">{empty}</p>;
  return (
    <ul className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className={`rounded-lg bg-white p-4 ${event.today ? "border-2 border-olive-600" : "border border-navy-700/20"}`} data-today={event.today || undefined}>
          {event.today && <p className="mb-1 inline-block rounded-full bg-olive-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-white">Today</p>}
          {event.linked ? (
            <Link href={checkInPath(event.id)} className="text-lg font-semibold underline underline-offset-2">
              {event.title}
            </Link>
          ) : (
            <p className="text-lg font-semibold">{event.title}</p>
          )}
          <p>
            {event.date}, {event.timeRange}
          </p>
          <p className="text-sm text-navy-700">
            {event.location} · {event.checkedIn} of {event.confirmed} checked in
          </p>
          {!event.linked && (
            <p className="mt-1 text-sm" data-testid="check-in-window">
              {event.checkInWindow}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
