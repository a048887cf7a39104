import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { listLocationsForStaff } from "@/features/content/content-desk.queries";
import { locationFields } from "@/features/content/staff/components/content-fields";
import { ContentTable } from "@/features/content/staff/components/content-table";
import { ContentForm } from "@/components/staff/content-form";
import { saveLocationAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, DoneNotice, Panel, StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Training locations" };

export default async function LocationsPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  await requireDeskPage("/admin/content/locations");
  const [{ done }, locations] = await Promise.all([searchParams, listLocationsForStaff(getDb())]);
  const nextPosition = Math.min((locations.at(-1)?.sortOrder ?? -1) + 1, 9999);
  return (
    <>
      <BackLink href="/admin/content" label="Content" />
      <StaffPageHeading title="Training locations">Listed on the contact page, and offered as pickup points at checkout, in this order.</StaffPageHeading>
      <DoneNotice done={done} messages={{ deleted: "The location was deleted." }} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Locations" id="locations-heading">
          <ContentTable
            caption="Training locations in the order the contact page shows them"
            titleHeading="Name and address"
            empty="No locations yet: the contact page lists none and checkout offers no pickup."
            rows={locations.map((l) => ({ key: l.id, position: l.sortOrder, title: l.name, detail: `${l.street}, ${l.city}, ${l.region} ${l.postalCode}`, href: `/admin/content/locations/${l.id}` }))}
          />
        </Panel>
        <Panel title="Add a location" id="new-location-heading">
          <ContentForm prefix="new-location" action={saveLocationAction} fields={locationFields} values={{ sortOrder: String(nextPosition) }} submitLabel="Add location" />
        </Panel>
      </div>
    </>
  );
}
