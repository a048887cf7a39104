import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { listLeadersForStaff } from "@/features/content/content-desk.queries";
import { leaderFields } from "@/features/content/staff/components/content-fields";
import { ContentTable } from "@/features/content/staff/components/content-table";
import { ContentForm } from "@/components/staff/content-form";
import { saveLeaderAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, DoneNotice, Panel, StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Leadership" };

export default async function LeadersPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  await requireDeskPage("/admin/content/leaders");
  const [{ done }, leaders] = await Promise.all([searchParams, listLeadersForStaff(getDb())]);
  const nextPosition = Math.min((leaders.at(-1)?.sortOrder ?? -1) + 1, 9999);
  return (
    <>
      <BackLink href="/admin/content" label="Content" />
      <StaffPageHeading title="Leadership">The profiles on the about page, in this order.</StaffPageHeading>
      <DoneNotice done={done} messages={{ deleted: "The profile was deleted." }} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Profiles" id="leaders-heading">
          <ContentTable
            caption="Leadership profiles in the order the about page shows them"
            titleHeading="Name and role"
            empty="No profiles yet: the about page shows none."
            rows={leaders.map((leader) => ({ key: leader.id, position: leader.sortOrder, title: leader.name, detail: leader.role, href: `/admin/content/leaders/${leader.id}` }))}
          />
        </Panel>
        <Panel title="Add a profile" id="new-leader-heading">
          <ContentForm prefix="new-leader" action={saveLeaderAction} fields={leaderFields} values={{ sortOrder: String(nextPosition) }} submitLabel="Add profile" />
        </Panel>
      </div>
    </>
  );
}
