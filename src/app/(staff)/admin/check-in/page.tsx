import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { describeCheckInOpening } from "@/features/events/check-in-window";
import { listDoorEvents } from "@/features/events/door-access.service";
import { CheckInEvents } from "@/features/events/staff/components/check-in-events";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "Check-in" };

export default async function CheckInEventsPage() {
  const staff = await requireDeskPage("/admin/check-in");
  const { soon, later, heldToWindow } = await listDoorEvents(getDb(), staff.role, now());
  return (
    <>
      <StaffPageHeading title="Check-in">
        Choose the event at your door. {describeCheckInOpening(heldToWindow)}
      </StaffPageHeading>
      <section aria-labelledby="soon-heading" className="mb-8">
        <h2 id="soon-heading" className="mb-3 text-xl font-bold">
          Today and the next two weeks
        </h2>
        <CheckInEvents events={soon} empty="No events today or in the next two weeks." />
      </section>
      {later.length > 0 && (
        <section aria-labelledby="later-heading">
          <h2 id="later-heading" className="mb-3 text-xl font-bold">
            Later
          </h2>
          <CheckInEvents events={later} empty="" />
        </section>
      )}
    </>
  );
}
