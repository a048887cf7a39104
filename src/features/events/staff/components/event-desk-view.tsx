import { DeskTable } from "@/components/staff/desk-table";
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
  if (done === "cancelled" && event.cancelled) return `${event.title} is canceled. Everyone registered or waiting was emailed.`;
  return undefined;
}

const phoneLink = (phone: string | null) => (phone ? <a href={telHref(phone)} className="underline underline-offset-2">{phone}</a> : "—");

function Attendees({ event }: { event: DeskEvent }) {
  if (event.attendees.length === 0) return <p className="text-navy-700">{event.cancelled ? "Nobody was registered." : "Nobody is registered yet."}</p>;
  return (
    <DeskTable
      cards
      look="plain"
      frame="scroll"
      caption={`Attendees of ${event.title}`}
      rows={event.attendees}
      rowKey={(a) => a.registrationId}
      columns={[
        { header: "Name", rowHeader: true, className: "font-normal", cell: (a) => a.name },
        { header: "Email", className: "wrap-anywhere", cell: (a) => a.email },
        { header: "Phone", className: "whitespace-nowrap", cell: (a) => phoneLink(a.phone) },
        { header: "Registered", cell: (a) => formatMonthDayTimeZone(a.registeredAt) },
        {
          header: event.cancelled ? "Status" : "Checked in",
          card: "first",
          cell: (a) => (a.cancelled ? "Canceled with the event" : a.checkedInAt ? formatMonthDayTimeZone(a.checkedInAt) : "No"),
        },
      ]}
    />
  );
}

function waitingPlace(w: DeskWaiting): string {
  if (w.status === "cancelled") return "Canceled with the event";
  return w.status === "offered" ? `Seat offered, until ${formatMonthDayTimeZone(w.offerExpiresAt!)}` : `#${w.position}`;
}

function Waitlist({ event }: { event: DeskEvent }) {
  if (event.waiting.length === 0) return <p className="text-navy-700">Nobody is waiting.</p>;
  return (
    <DeskTable
      cards
      look="plain"
      frame="scroll"
      caption={`Waitlist of ${event.title}, in order`}
      rows={event.waiting}
      rowKey={(w) => w.registrationId}
      columns={[
        { header: "Place", card: "first", cell: waitingPlace },
        { header: "Name", rowHeader: true, className: "font-normal", cell: (w) => w.name },
        { header: "Email", className: "wrap-anywhere", cell: (w) => w.email },
        { header: "Phone", className: "whitespace-nowrap", cell: (w) => phoneLink(w.phone) },
      ]}
    />
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
            <dd className="font-semibold" data-testid="desk-event-status">{event.cancelled ? "Canceled" : event.ended ? "Over" : "Scheduled"}</dd>
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
              <p className="mb-3 text-navy-700">The event is canceled: these people were registered or waiting and were emailed the cancellation.</p>
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
              <p>{event.cancelled ? "This event is canceled, so it can no longer be edited. Duplicate it to schedule it again." : "This event is over, so it can no longer be edited."}</p>
            )}
          </Panel>
        </>
      }
      side={
        <>
          {!event.cancelled && (
            <Panel title="Email all attendees" id="email-heading">
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
