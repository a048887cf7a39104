import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { Notice } from "@/components/staff/staff-ui";
import { formatMonthDayTimeZone } from "@/lib/time";
import type { DoorPage } from "../../door-access.service";
import { checkInPath } from "../../event-paths";
import type { DeskAttendee } from "../../events-desk.queries";
import { CheckInButton } from "./check-in-button";
import { OfflineDoor, OfflineDoorBar } from "./offline-door";
import { WalkInForm } from "./walk-in-form";

type OpenDoor = Extract<DoorPage, { open: true }>;

function Attendee({ eventId, attendee }: { eventId: number; attendee: DeskAttendee }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="door-attendee">
      <div className="min-w-0">
        <p className="text-lg font-semibold">{attendee.name}</p>
        <p className="break-all text-sm text-navy-700">{attendee.email}</p>
        <p className="text-sm">{attendee.checkedInAt ? `Checked in ${formatMonthDayTimeZone(attendee.checkedInAt)}` : "Not checked in"}</p>
      </div>
      <CheckInButton eventId={eventId} registrationId={attendee.registrationId} name={attendee.name} checkedIn={attendee.checkedInAt !== null} />
    </li>
  );
}

/** The door's search: first on the page, so a phone shows it and the first attendees without scrolling. */
function DoorSearch({ eventId, search, count }: { eventId: number; search: string; count: OpenDoor["count"] }) {
  return (
    <form method="get" action={checkInPath(eventId)} role="search" className="mb-3">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor="door-search" className="font-medium">
          Search by name or email
        </label>
        <p className="text-sm font-semibold" data-testid="door-count">
          {count.checkedIn} of {count.expected} checked in
        </p>
      </div>
      <div className="mt-1 flex gap-2">
        <input
          id="door-search"
          name="q"
          type="search"
          defaultValue={search}
          maxLength={100}
          autoComplete="off"
          className="block w-full min-w-0 rounded-md border border-navy-700/40 bg-white px-3 py-2 text-lg"
        />
        <Button type="submit" variant="desk" className="min-h-12 shrink-0">
          Search
        </Button>
      </div>
      {search && (
        <p className="mt-1">
          <Link href={checkInPath(eventId)} className="underline underline-offset-2">
            Show everyone
          </Link>
        </p>
      )}
    </form>
  );
}

/**
 * The door: the scanned ticket (from the QR code) or why it has no seat, then the search and the list
 * with one button each; below them the walk-in form, the walk-ins and the waitlist. With JavaScript,
 * the offline island keeps the list on the phone and takes over when the network goes (offline-door.tsx).
 */
export function DoorListView({ door, search }: { door: OpenDoor; search: string }) {
  const { list } = door;
  const { event } = list;
  return (
    <OfflineDoor eventId={event.id} serverState={`${door.count.checkedIn}/${door.count.expected}/${event.cancelled}`}>
      {event.cancelled && <p className="mb-3 rounded-md border-2 border-red-800 bg-red-50 p-3 font-semibold text-red-900">This event is canceled.</p>}
      {door.windowNote && (
        <p className="mb-3 rounded-md border border-navy-700/40 bg-sand-100 p-3 text-sm" data-testid="check-in-window-note">
          {door.windowNote}
        </p>
      )}
      {door.scannedWithoutSeat && (
        <Notice tone="warning" title={`Scanned ticket: ${door.scannedWithoutSeat.name}`}>
          <p data-testid="scanned-without-seat">{door.scannedWithoutSeat.message}</p>
        </Notice>
      )}
      {list.highlighted && (
        <section aria-labelledby="scanned-heading" className="mb-4 rounded-lg border-2 border-olive-600 bg-white px-4 pt-3">
          <h2 id="scanned-heading" className="text-lg font-bold">
            Scanned ticket
          </h2>
          <ul>
            <Attendee eventId={event.id} attendee={list.highlighted} />
          </ul>
        </section>
      )}
      <DoorSearch eventId={event.id} search={search} count={door.count} />
      <OfflineDoorBar />
      <section aria-labelledby="attendees-heading" className="mb-6 rounded-lg border border-navy-700/20 bg-white px-4">
        <h2 id="attendees-heading" className="pt-3 text-lg font-bold">
          {search ? `Attendees matching “${search}” (${list.attendees.length})` : `Attendees (${list.attendees.length})`}
        </h2>
        {list.attendees.length === 0 ? (
          <p className="py-3 text-navy-700">{search ? "Nobody registered matches that search." : "Nobody is registered."}</p>
        ) : (
          <ul className="divide-y divide-navy-700/10">
            {list.attendees.map((a) => (
              <Attendee key={a.registrationId} eventId={event.id} attendee={a} />
            ))}
          </ul>
        )}
      </section>
      {!event.cancelled && (
        <section aria-labelledby="walk-in-heading" className="mb-6 rounded-lg border border-navy-700/20 bg-white p-4">
          <h2 id="walk-in-heading" className="text-lg font-bold">
            Add a walk-in
          </h2>
          <p className="mb-3 text-sm text-navy-700">Someone who did not register: they take a free seat and are checked in at once.</p>
          <WalkInForm eventId={event.id} />
        </section>
      )}
      {door.walkIns.length > 0 && (
        <section aria-labelledby="walk-ins-heading" className="mb-6 rounded-lg border border-navy-700/20 bg-white px-4">
          <h2 id="walk-ins-heading" className="pt-3 text-lg font-bold">
            Walk-ins ({door.walkIns.length})
          </h2>
          <ul className="divide-y divide-navy-700/10">
            {door.walkIns.map((w) => (
              <li key={w.id} className="py-3" data-testid="door-walk-in">
                <p className="font-semibold">{w.name}</p>
                <p className="break-all text-sm text-navy-700">{w.email}</p>
                <p className="text-sm">Checked in {formatMonthDayTimeZone(w.checkedInAt)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="waiting-heading" className="mb-6 rounded-lg border border-navy-700/20 bg-white px-4">
        <h2 id="waiting-heading" className="pt-3 text-lg font-bold">
          Waitlist ({door.waiting.length})
        </h2>
        {door.waiting.length === 0 ? (
          <p className="py-3 text-navy-700">Nobody is waiting.</p>
        ) : (
          <>
            <p className="text-sm text-navy-700">Not registered: they have no seat unless one is free for a walk-in.</p>
            <ol className="divide-y divide-navy-700/10">
              {door.waiting.map((w) => (
                <li key={w.registrationId} className="py-3" data-testid="door-waiting">
                  <p className="font-semibold">{w.name}</p>
                  <p className="break-all text-sm text-navy-700">{w.email}</p>
                  <p className="text-sm">{w.place}</p>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      <p>
        <Link href="/admin/check-in" className="underline underline-offset-2">
          Other events
        </Link>
      </p>
    </OfflineDoor>
  );
}

/** The door page without anyone on it: what the service worker keeps for offline use (the phone's list fills it). */
export function withoutPeople(door: OpenDoor): OpenDoor {
  return { ...door, list: { ...door.list, attendees: [], highlighted: undefined }, waiting: [], walkIns: [], scannedWithoutSeat: undefined };
}

/** A door volunteer outside the event's check-in window: why the list is not shown, and the way back. */
export function CheckInClosedView({ message }: { message: string }) {
  return (
    <>
      <Notice tone="warning" title="This event's list is not open to the door now">
        <p data-testid="check-in-closed">{message}</p>
      </Notice>
      <p>
        <Link href="/admin/check-in" className="underline underline-offset-2">
          Other events
        </Link>
      </p>
    </>
  );
}
