import Link from "@/components/ui/link";
import { deskEventPath } from "../../event-paths";
import type { DeskEventRow } from "../../events-desk.queries";
import { seatsLabel } from "./desk-format";

function Status({ event }: { event: DeskEventRow }) {
  if (event.cancelled) return <span className="font-semibold text-red-800">Cancelled</span>;
  if (event.ended) return <span>Over</span>;
  return <span>Scheduled</span>;
}

/** The desk's list of events: one table, scrolled sideways on a phone. */
export function EventsList({ events, caption, empty }: { events: DeskEventRow[]; caption: string; empty: string }) {
  if (events.length === 0) return <p className="text-navy-700">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-navy-700/20 bg-sand-100">
            <th scope="col" className="px-3 py-2">Event</th>
            <th scope="col" className="px-3 py-2">When</th>
            <th scope="col" className="px-3 py-2">Seats</th>
            <th scope="col" className="px-3 py-2">Waitlist</th>
            <th scope="col" className="px-3 py-2">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {events.map((event) => (
            <tr key={event.id}>
              <th scope="row" className="px-3 py-2 font-normal">
                <Link href={deskEventPath(event.id)} className="font-semibold underline underline-offset-2">
                  {event.title}
                </Link>
                <span className="block text-sm text-navy-700">{event.categoryLabel}</span>
              </th>
              <td className="px-3 py-2">
                {event.date}
                <span className="block text-sm text-navy-700">{event.timeRange}</span>
              </td>
              <td className="px-3 py-2">{seatsLabel(event.confirmed, event.capacity)}</td>
              <td className="px-3 py-2">{event.waitlisted}</td>
              <td className="px-3 py-2">
                <Status event={event} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
