import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { checkInPath } from "@/features/events/event-paths";
import { listCheckInEvents, type CheckInEvent } from "@/features/events/events-desk.queries";
import { requireStaff } from "@/features/members/session";
import { StaffPageHeading } from "@/features/staff/components/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "Check-in" };

function EventLinks({ events, empty }: { events: CheckInEvent[]; empty: string }) {
  if (events.length === 0) return <p className="text-navy-700">{empty}</p>;
  return (
    <ul className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-lg border border-navy-700/20 bg-white p-4">
          <Link href={checkInPath(event.id)} className="text-lg font-semibold underline underline-offset-2">
            {event.title}
          </Link>
          <p>
            {event.date}, {event.timeRange}
          </p>
          <p className="text-sm text-navy-700">
            {event.location} · {event.checkedIn} of {event.confirmed} checked in
          </p>
        </li>
      ))}
    </ul>
  );
}

export default async function CheckInEventsPage() {
  await requireStaff({ checkIn: ["view"] }, "/admin/check-in");
  const { soon, later } = await listCheckInEvents(getDb(), now());
  return (
    <>
      <StaffPageHeading title="Check-in">Choose the event at your door.</StaffPageHeading>
      <section aria-labelledby="soon-heading" className="mb-8">
        <h2 id="soon-heading" className="mb-3 text-xl font-bold">
          Today and the next two weeks
        </h2>
        <EventLinks events={soon} empty="No events today or in the next two weeks." />
      </section>
      {later.length > 0 && (
        <section aria-labelledby="later-heading">
          <h2 id="later-heading" className="mb-3 text-xl font-bold">
            Later
          </h2>
          <EventLinks events={later} empty="" />
        </section>
      )}
    </>
  );
}
