import { Button } from "@/components/ui/button";
import Link from "@/components/ui/link";
import { Notice } from "@/components/staff/staff-ui";
import { checkInPath } from "../../event-paths";
import type { DeskAttendee, DoorList } from "../../events-desk.queries";
import { CheckInButton } from "./check-in-button";
import { formatMonthDayTimeZone } from "@/lib/time";

function Attendee({ eventId, attendee }: { eventId: number; attendee: DeskAttendee }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="door-attendee">
      <div>
        <p className="text-lg font-semibold">{attendee.name}</p>
        <p className="break-all text-sm text-navy-700">{attendee.email}</p>
        <p className="text-sm">{attendee.checkedInAt ? `Checked in ${formatMonthDayTimeZone(attendee.checkedInAt)}` : "Not checked in"}</p>
      </div>
      <CheckInButton eventId={eventId} registrationId={attendee.registrationId} name={attendee.name} checkedIn={attendee.checkedInAt !== null} />
    </li>
  );
}

/** The door: the scanned attendee first (from the QR code), a search by name, and the list with one button each. */
export function DoorListView({ list, search }: { list: DoorList; search: string }) {
  const { event } = list;
  return (
    <>
      <p className="mb-4">
        <Link href="/admin/check-in" className="underline underline-offset-2">
          Other events
        </Link>
      </p>
      <p className="mb-4 text-lg" data-testid="door-count">
        {event.checkedIn} of {event.confirmed} checked in
      </p>
      {event.cancelled && <p className="mb-4 rounded-md border-2 border-red-800 bg-red-50 p-3 font-semibold text-red-900">This event is cancelled.</p>}
      {list.highlighted && (
        <section aria-labelledby="scanned-heading" className="mb-6 rounded-lg border-2 border-olive-600 bg-white p-4">
          <h2 id="scanned-heading" className="text-lg font-bold">
            Scanned ticket
          </h2>
          <ul>
            <Attendee eventId={event.id} attendee={list.highlighted} />
          </ul>
        </section>
      )}
      <form method="get" action={checkInPath(event.id)} role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="door-search" className="font-medium">
            Search by name or e-mail
          </label>
          <input
            id="door-search"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={100}
            autoComplete="off"
            className="mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-3 text-lg"
          />
        </div>
        <Button type="submit" variant="desk" className="min-h-12">
          Search
        </Button>
        {search && (
          <Link href={checkInPath(event.id)} className="py-3 underline underline-offset-2">
            Show everyone
          </Link>
        )}
      </form>
      <section aria-labelledby="attendees-heading" className="rounded-lg border border-navy-700/20 bg-white px-4">
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
    </>
  );
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
