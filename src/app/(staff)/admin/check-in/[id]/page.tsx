import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getDoorList } from "@/features/events/events-desk.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { DoorListView } from "@/features/events/staff/components/door-list";
import { parseCheckInSearch } from "@/features/events/staff/events-desk.schema";
import { requireStaff } from "@/features/members/session";
import { StaffPageHeading } from "@/features/staff/components/staff-ui";
import { parseDatabaseId } from "@/lib/database-id";

export const metadata: Metadata = { title: "Check-in" };

type Search = Promise<{ q?: string | string[]; registration?: string | string[] }>;

/** The door's page of one event; `?registration=<id>` (the QR code in the confirmation) puts that attendee first. */
export default async function DoorPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Search }) {
  const { id } = await params;
  const { q, registration } = await searchParams;
  const path = `/admin/check-in/${encodeURIComponent(id)}${typeof registration === "string" ? `?registration=${encodeURIComponent(registration)}` : ""}`;
  await requireStaff({ checkIn: ["view"] }, path);
  const eventId = parseEventIdSegment(id);
  const search = parseCheckInSearch(q);
  const list = eventId === undefined ? undefined : await getDoorList(getDb(), eventId, search, parseDatabaseId(registration));
  if (!list) notFound();
  return (
    <>
      <StaffPageHeading title={`Check-in: ${list.event.title}`}>
        {list.event.date}, {list.event.timeRange} · {list.event.location}
      </StaffPageHeading>
      <DoorListView list={list} search={search} />
    </>
  );
}
