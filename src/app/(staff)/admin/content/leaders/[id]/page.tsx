import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { LeaderPhoto } from "@/features/content/components/leader-photo";
import { getLeaderForStaff } from "@/features/content/content-desk.queries";
import { omit } from "@/lib/omit";
import { formValues } from "@/components/staff/content-fields";
import { leaderFields } from "@/features/content/staff/components/content-fields";
import { ContentForm, DeleteForm } from "@/components/staff/content-form";
import { deleteLeaderAction, saveLeaderAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { parseDatabaseId } from "@/lib/database-id";

export const metadata: Metadata = { title: "Edit profile" };

export default async function LeaderPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseDatabaseId((await params).id);
  await requireDeskPage("/admin/content/leaders/[id]", id === undefined ? "/admin/content/leaders" : `/admin/content/leaders/${id}`);
  if (id === undefined) notFound();
  const leader = await getLeaderForStaff(getDb(), id);
  if (!leader) notFound();
  return (
    <>
      <BackLink href="/admin/content/leaders" label="All profiles" />
      <StaffPageHeading title={`Edit profile: ${leader.name}`} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Profile" id="leader-heading">
          <ContentForm prefix="leader" action={saveLeaderAction} fields={leaderFields} values={formValues(omit(leader, "image"))} hidden={{ id: String(leader.id) }} submitLabel="Save profile" />
        </Panel>
        <div className="space-y-6">
          <Panel title="Current photo" id="photo-heading">
            <LeaderPhoto leader={{ ...leader, imageAlt: leader.imageAlt || `Portrait of ${leader.name}` }} className="size-40 rounded-full object-cover" />
            {leader.image && <p className="mt-2 text-sm text-navy-700">Uploaded; it replaces the photo path below.</p>}
          </Panel>
          <Panel title="Delete" id="delete-heading">
            <DeleteForm prefix="delete-leader" action={deleteLeaderAction} id={String(leader.id)} label="Delete this profile" hint="The about page stops showing it. The audit log keeps a copy." />
          </Panel>
        </div>
      </div>
    </>
  );
}
