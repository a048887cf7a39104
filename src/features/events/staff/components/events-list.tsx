import { DeskTable } from "@/components/staff/desk-table";
import Link from "@/components/ui/link";
import { deskEventPath } from "../../event-paths";
import type { DeskEventRow } from "../../events-desk.queries";
import { seatsLabel } from "./desk-format";

function Status({ event }: { event: DeskEventRow }) {
  if (event.cancelled) return <span className="font-semibold text-red-800">Canceled</span>;
  if (event.ended) return <span>Over</span>;
  return <span>Scheduled</span>;
}

/** The desk's list of events: one table, each event a card on a phone. */
export function EventsList({ events, caption, empty }: { events: DeskEventRow[]; caption: string; empty: string }) {
  return (
    <DeskTable
      cards
      look="banded"
      caption={caption}
      rows={events}
      rowKey={(event) => event.id}
      empty={empty}
      columns={[
        {
          header: "Event",
          rowHeader: true,
          className: "font-normal",
          cell: (event) => (
            <>
              <Link href={deskEventPath(event.id)} className="font-semibold underline underline-offset-2">
                {event.title}
              </Link>
              <span className="block text-sm text-navy-700">{event.categoryLabel}</span>
            </>
          ),
        },
        {
          header: "When",
          cell: (event) => (
            <>
              {event.date}
              <span className="block text-sm text-navy-700">{event.timeRange}</span>
            </>
          ),
        },
        { header: "Seats", cell: (event) => seatsLabel(event.confirmed, event.capacity) },
        { header: "Waitlist", cell: (event) => event.waitlisted },
        { header: "Status", cell: (event) => <Status event={event} /> },
      ]}
    />
  );
}
