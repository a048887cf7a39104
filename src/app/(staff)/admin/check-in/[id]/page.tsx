import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { openDoorList } from "@/features/events/door-access.service";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { CheckInClosedView, DoorListView, withoutPeople } from "@/features/events/staff/components/door-list";
import { parseCheckInSearch } from "@/features/events/events-desk.schema";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";
import { parseDatabaseId } from "@/lib/database-id";

export const metadata: Metadata = { title: "Check-in" };

type Search = Promise<{ q?: string | string[]; registration?: string | string[]; shell?: string | string[] }>;

/**
 * The door's page of one event; `?registration=<id>` (the QR code in the confirmation) puts that attendee
 * first. A door volunteer outside the event's check-in window is told when it opens, and sees no attendee.
 * `?shell` is the page as the door's service worker keeps it for offline use: everything but the people
 * (the phone's own list, without email addresses, fills it offline: offline-door.tsx).
 */
export default async function DoorPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Search }) {
  const { id } = await params;
  const { q, registration, shell } = await searchParams;
  const path = `/admin/check-in/${encodeURIComponent(id)}${typeof registration === "string" ? `?registration=${encodeURIComponent(registration)}` : ""}`;
  const staff = await requireDeskPage("/admin/check-in/[id]", path);
  const eventId = parseEventIdSegment(id);
  const search = parseCheckInSearch(q);
  const door = eventId === undefined ? undefined : await openDoorList(getDb(), staff.role, eventId, search, parseDatabaseId(registration), now());
  if (!door) notFound();
  const event = door.open ? door.list.event : door.event;
  return (
    <>
      <StaffPageHeading title={`Check-in: ${event.title}`}>
        {event.date}, {event.timeRange} · {event.location}
      </StaffPageHeading>
      {door.open ? <DoorListView door={shell === undefined ? door : withoutPeople(door)} search={search} /> : <CheckInClosedView message={door.message} />}
    </>
  );
}
