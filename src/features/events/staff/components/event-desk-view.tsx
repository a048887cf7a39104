import { DetailLayout } from "@/components/staff/detail-layout";
import { Panel } from "@/components/staff/staff-ui";
import { checkInPath, eventPath } from "../../event-paths";
import type { DeskEvent, DeskWaiting } from "../../events-desk.queries";
import { seatsLabel } from "./desk-format";
import { WalkInsTable } from "./walk-ins-table";
import { CancelEventForm, EmailAttendeesForm, EventForm } from "./event-desk-forms";
import { telHref } from "@/lib/site";
import { formatMonthDayTimeZone } from "@/lib/time";

export type EventDone = "created" | "cancelled";

function doneMessage(event: DeskEvent, done: EventDone | undefined): string | undefined {
  if (done === "created") return `${event.title} is created and listed on the calendar.`;
  if (done === "cancelled" && event.cancelled) return `${event.title} is cancelled. Everyone registered or waiting was e-mailed.`;
  return undefined;
}

function Attendees({ event }: { event: DeskEvent }) {
  if (event.attendees.length === 0) return <p className="text-navy-700">{event.cancelled ? "Nobody was registered." : "Nobody is registered yet."}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left">
        <caption className="sr-only">Attendees of {event.title}</caption>
        <thead>
          <tr className="border-b border-navy-700/20">
            <th scope="col" className="py-2 pr-3">Name</th>
            <th scope="col" className="py-2 pr-3">E-mail</th>
            <th scope="col" className="py-2 pr-3">Phone</th>
            <th scope="col" className="py-2 pr-3">Registered</th>
            <th scope="col" className="py-2">{event.cancelled ? "Status" : "Checked in"}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {event.attendees.map((a) => (
            <tr key={a.registrationId}>
              <th scope="row" className="py-2 pr-3 font-normal">{a.name}</th>
              <td className="break-all py-2 pr-3">{a.email}</td>
              <td className="whitespace-nowrap py-2 pr-3">{a.phone ? <a href={telHref(a.phone)} className="underline underline-offset-2">{a.phone}</a> : "—"}</td>
              <td className="py-2 pr-3">{formatMonthDayTimeZone(a.registeredAt)}</td>
              <td className="py-2">{a.cancelled ? "Cancelled with the event" : a.checkedInAt ? formatMonthDayTimeZone(a.checkedInAt) : "No"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function waitingPlace(w: DeskWaiting): string {
  if (w.status === "cancelled") return "Cancelled with the event";
  return w.status === "offered" ? `Seat offered, until ${formatMonthDayTimeZone(w.offerExpiresAt!)}` : `#${w.position}`;
}

function Waitlist({ event }: { event: DeskEvent }) {
  if (event.waiting.length === 0) return <p className="text-navy-700">Nobody is waiting.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left">
        <caption className="sr-only">Waitlist of {event.title}, in order</caption>
        <thead>
          <tr className="border-b border-navy-700/20">
            <th scope="col" className="py-2 pr-3">Place</th>
            <th scope="col" className="py-2 pr-3">Name</th>
            <th scope="col" className="py-2 pr-3">E-mail</th>
            <th scope="col" className="py-2">Phone</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {event.waiting.map((w) => (
            <tr key={w.registrationId}>
              <td className="py-2 pr-3">{waitingPlace(w)}</td>
              <th scope="row" className="py-2 pr-3 font-normal">{w.name}</th>
              <td className="break-all py-2 pr-3">{w.email}</td>
              <td className="whitespace-nowrap py-2">{w.phone ? <a href={telHref(w.phone)} className="underline underline-offset-2">{w.phone}</a> : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EventDeskView({ event, locations, done, refusal }: { event: DeskEvent; locations: readonly string[]; done?: EventDone; refusal?: string }) {
  const editable = !event.cancelled && !event.ended;
  return (
    <DetailLayout
      links={[
        { href: "/admin/events", label: "All events" },
        { href: eventPath(event.id), label: "Public page" },
        { href: `/admin/events/new?from=${event.id}`, label: "Duplicate this event" },
        ...(event.cancelled ? [] : [{ href: checkInPath(event.id), label: "Check-in at the door" }]),
      ]}
      message={doneMessage(event, done)}
      refusal={refusal}
      summary={
        <dl className="mb-6 grid gap-2 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-navy-700">Status</dt>
            <dd className="font-semibold" data-testid="desk-event-status">{event.cancelled ? "Cancelled" : event.ended ? "Over" : "Scheduled"}</dd>
          </div>
          <div>
            <dt className="text-sm text-navy-700">Seats</dt>
            <dd className="font-semibold" data-testid="desk-event-seats">{seatsLabel(event.confirmed, event.capacity)}</dd>
          </div>
          <div>
            <dt className="text-sm text-navy-700">Waitlist</dt>
            <dd className="font-semibold">{event.waitlisted}</dd>
          </div>
          <div>
            <dt className="text-sm text-navy-700">Checked in</dt>
            <dd className="font-semibold">{event.checkedIn}</dd>
          </div>
        </dl>
      }
      main={
        <>
          <Panel title={`Attendees (${event.attendees.length})`} id="attendees-heading">
            {event.cancelled && event.attendees.length + event.waiting.length > 0 && (
              <p className="mb-3 text-navy-700">The event is cancelled: these people were registered or waiting and were e-mailed the cancellation.</p>
            )}
            <Attendees event={event} />
            {event.attendees.length + event.walkIns.length > 0 && (
              <p className="mt-3">
                <a href={`/admin/events/${event.id}/attendees.csv`} className="font-semibold underline underline-offset-2">
                  Download attendees (CSV)
                </a>
              </p>
            )}
          </Panel>
          {event.walkIns.length > 0 && (
            <Panel title={`Walk-ins (${event.walkIns.length})`} id="walk-ins-heading">
              <WalkInsTable event={event} />
            </Panel>
          )}
          <Panel title={`Waitlist (${event.waiting.length})`} id="waitlist-heading">
            <Waitlist event={event} />
          </Panel>
          <Panel title="Event details" id="details-heading">
            {editable ? (
              <EventForm eventId={event.id} values={event.values} locations={locations} submitLabel="Save changes" />
            ) : (
              <p>{event.cancelled ? "This event is cancelled, so it can no longer be edited. Duplicate it to schedule it again." : "This event is over, so it can no longer be edited."}</p>
            )}
          </Panel>
        </>
      }
      side={
        <>
          {!event.cancelled && (
            <Panel title="E-mail all attendees" id="email-heading">
              {event.attendees.length > 0 ? <EmailAttendeesForm eventId={event.id} /> : <p className="text-navy-700">Nobody is registered yet.</p>}
            </Panel>
          )}
          {editable && (
            <Panel title="Cancel the event" id="cancel-heading">
              <CancelEventForm eventId={event.id} title={event.title} people={event.attendees.length + event.waiting.length} />
            </Panel>
          )}
        </>
      }
    />
  );
}
