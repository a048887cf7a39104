import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button-link";
import { getDb } from "@/db/client";
import { listDeskEvents } from "@/features/events/events-desk.queries";
import { EventsList } from "@/features/events/staff/components/events-list";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "Events" };

export default async function EventsDeskPage() {
  await requireDeskPage("/admin/events");
  const [upcoming, past] = await Promise.all([listDeskEvents(getDb(), now(), "upcoming"), listDeskEvents(getDb(), now(), "past", 50)]);
  return (
    <>
      <StaffPageHeading title="Events">Create and edit events, see who is coming, email them, or cancel an event.</StaffPageHeading>
      <p className="mb-6">
        <ButtonLink href="/admin/events/new" variant="desk" className="inline-block">
          New event
        </ButtonLink>
      </p>
      <section aria-labelledby="upcoming-heading" className="mb-8">
        <h2 id="upcoming-heading" className="mb-3 text-xl font-bold">
          Upcoming
        </h2>
        <EventsList events={upcoming} caption="Upcoming events" empty="No upcoming events. Create one." />
      </section>
      <section aria-labelledby="past-heading">
        <h2 id="past-heading" className="mb-3 text-xl font-bold">
          Past
        </h2>
        <EventsList events={past} caption="Past events, latest first" empty="No past events." />
      </section>
    </>
  );
}
