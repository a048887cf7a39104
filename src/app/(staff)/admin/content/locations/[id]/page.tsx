import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getLocationForStaff } from "@/features/content/content-desk.queries";
import { locationInUseMessage } from "@/features/content/content-desk.service";
import { formValues } from "@/components/staff/content-fields";
import { locationFields } from "@/features/content/staff/components/content-fields";
import { ContentForm, DeleteForm } from "@/components/staff/content-form";
import { deleteLocationAction, saveLocationAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { parseDatabaseId } from "@/lib/database-id";

export const metadata: Metadata = { title: "Edit location" };

export default async function LocationPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseDatabaseId((await params).id);
  await requireDeskPage("/admin/content/locations/[id]", id === undefined ? "/admin/content/locations" : `/admin/content/locations/${id}`);
  if (id === undefined) notFound();
  const location = await getLocationForStaff(getDb(), id);
  if (!location) notFound();
  const { pickupOrders, ...fields } = location;
  return (
    <>
      <BackLink href="/admin/content/locations" label="All locations" />
      <StaffPageHeading title={`Edit location: ${location.name}`} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Location" id="location-heading">
          <ContentForm prefix="location" action={saveLocationAction} fields={locationFields} values={formValues(fields)} hidden={{ id: String(location.id) }} submitLabel="Save location" />
        </Panel>
        <Panel title="Delete" id="delete-heading">
          {pickupOrders > 0 ? (
            <p className="text-navy-800">{locationInUseMessage(pickupOrders)}</p>
          ) : (
            <DeleteForm prefix="delete-location" action={deleteLocationAction} id={String(location.id)} label="Delete this location" hint="No order names it as its pickup point. The contact page and checkout stop showing it." />
          )}
        </Panel>
      </div>
    </>
  );
}
