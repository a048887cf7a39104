import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { listTrainingLocations } from "@/features/content/content.queries";
import { eventLocationLabel } from "@/features/events/event-locations";
import { getDeskEvent } from "@/features/events/events-desk.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { EventForm } from "@/features/events/staff/components/event-desk-forms";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "New event" };

/** A new event; `?from=<id>` fills the form from that event (Duplicate), all but the date (and the date registration opens). */
export default async function NewEventPage({ searchParams }: { searchParams: Promise<{ from?: string | string[] }> }) {
  await requireDeskPage("/admin/events/new");
  const { from } = await searchParams;
  const fromId = typeof from === "string" ? parseEventIdSegment(from) : undefined;
  const source = fromId === undefined ? undefined : await getDeskEvent(getDb(), fromId, now());
  const locations = (await listTrainingLocations(getDb())).map(eventLocationLabel);
  return (
    <>
      <StaffPageHeading title={source ? "Duplicate event" : "New event"}>
        {source ? `A copy of ${source.title}: choose its date, change what differs, and save.` : "It appears on the calendar as soon as it is saved; registration opens when you choose below."}
      </StaffPageHeading>
      <p className="mb-4">
        <Link href="/admin/events" className="underline underline-offset-2">
          All events
        </Link>
      </p>
      <div className="max-w-2xl rounded-lg border border-navy-700/20 bg-white p-4 sm:p-5">
        <EventForm values={source ? { ...source.values, date: "", opensDate: "" } : undefined} locations={locations} submitLabel="Create event" />
      </div>
    </>
  );
}
