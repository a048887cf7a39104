import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { listTrainingLocations } from "@/features/content/content.queries";
import { eventLocationLabel } from "@/features/events/event-locations";
import { getDeskEvent } from "@/features/events/events-desk.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { EventDeskView, type EventDone } from "@/features/events/staff/components/event-desk-view";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";
import { readRefusal } from "@/lib/desk-refusal";
import { deskEventPath } from "@/features/events/event-paths";

export const metadata: Metadata = { title: "Event" };

const DONE: readonly EventDone[] = ["created", "cancelled"];

export default async function DeskEventPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string | string[]; refused?: string | string[]; check?: string | string[] }> }) {
  const { id } = await params;
  await requireDeskPage("/admin/events/[id]", `/admin/events/${encodeURIComponent(id)}`);
  const eventId = parseEventIdSegment(id);
  const event = eventId === undefined ? undefined : await getDeskEvent(getDb(), eventId, now());
  if (!event) notFound();
  const locations = (await listTrainingLocations(getDb())).map(eventLocationLabel);
  const query = await searchParams;
  const { done } = query;
  return (
    <>
      <StaffPageHeading title={event.title}>
        {event.date}, {event.timeRange} · {event.location}
      </StaffPageHeading>
      <EventDeskView event={event} locations={locations} done={DONE.find((d) => d === done)} refusal={readRefusal(deskEventPath(event.id), query)} />
    </>
  );
}
