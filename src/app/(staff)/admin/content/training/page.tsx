import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { ContentTable } from "@/features/content/staff/components/content-table";
import { ContentForm } from "@/components/staff/content-form";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, DoneNotice, Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { listProgramsForStaff } from "@/features/training/training-desk.queries";
import { newProgramFields } from "@/features/training/staff/components/training-fields";
import { createProgramAction } from "@/features/training/staff/training.staff-actions";

export const metadata: Metadata = { title: "Training programs" };

const courses = (n: number) => (n === 1 ? "1 course" : `${n} courses`);

export default async function TrainingProgramsPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  await requireDeskPage("/admin/content/training");
  const [{ done }, programs] = await Promise.all([searchParams, listProgramsForStaff(getDb())]);
  const nextPosition = Math.min((programs.at(-1)?.sortOrder ?? -1) + 1, 9999);
  return (
    <>
      <BackLink href="/admin/content" label="Content" />
      <StaffPageHeading title="Training programs">The programs on the training page, in this order. Open one to edit it and its courses.</StaffPageHeading>
      <DoneNotice done={done} messages={{ deleted: "The program and its courses were deleted." }} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Programs" id="programs-heading">
          <ContentTable
            caption="Training programs in the order the training page shows them"
            titleHeading="Program"
            empty="No programs yet: the training page shows none."
            rows={programs.map((p) => ({
              key: p.id,
              position: p.sortOrder,
              title: p.title,
              detail: `${p.isCore ? "Main program" : "More programs"} · ${courses(p.courseCount)} · /training/${p.id}`,
              href: `/admin/content/training/${p.id}`,
            }))}
          />
        </Panel>
        <Panel title="Add a program" id="new-program-heading">
          <ContentForm prefix="new-program" action={createProgramAction} fields={newProgramFields} values={{ sortOrder: String(nextPosition) }} submitLabel="Add program" />
        </Panel>
      </div>
    </>
  );
}
