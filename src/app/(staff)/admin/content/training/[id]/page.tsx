import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { omit } from "@/lib/omit";
import { formValues } from "@/components/staff/content-fields";
import { ContentForm, DeleteForm } from "@/components/staff/content-form";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, DoneNotice, Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { getProgramForStaff } from "@/features/training/training-desk.queries";
import { courseFields, editProgramFields } from "@/features/training/staff/components/training-fields";
import { deleteCourseAction, deleteProgramAction, saveCourseAction, updateProgramAction } from "@/features/training/staff/training.staff-actions";

export const metadata: Metadata = { title: "Edit program" };

const PROGRAM_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export default async function TrainingProgramPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string | string[] }> }) {
  const [{ id: raw }, { done }] = await Promise.all([params, searchParams]);
  const id = PROGRAM_ID.test(raw) && raw.length <= 40 ? raw : undefined;
  await requireDeskPage("/admin/content/training/[id]", id === undefined ? "/admin/content/training" : `/admin/content/training/${id}`);
  if (id === undefined) notFound();
  const program = await getProgramForStaff(getDb(), id);
  if (!program) notFound();
  const { courses, ...programFields } = program;
  const fields = omit(programFields, "id");
  const nextPosition = Math.min((courses.at(-1)?.sortOrder ?? -1) + 1, 9999);
  return (
    <>
      <BackLink href="/admin/content/training" label="All programs" />
      <StaffPageHeading title={`Edit program: ${program.title}`}>
        Shown at{" "}
        <Link href={`/training/${program.id}`} className="underline underline-offset-2">
          /training/{program.id}
        </Link>
        .
      </StaffPageHeading>
      <DoneNotice done={done} messages={{ created: "Program added. Add its courses below.", "course-deleted": "The course was deleted." }} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Program" id="program-heading">
          <ContentForm prefix="program" action={updateProgramAction} fields={editProgramFields} values={formValues(fields)} hidden={{ id: program.id }} submitLabel="Save program" />
        </Panel>
        <div className="space-y-6">
          <Panel title="Add a course" id="new-course-heading">
            <ContentForm prefix="new-course" action={saveCourseAction} fields={courseFields} values={{ sortOrder: String(nextPosition) }} hidden={{ programId: program.id }} submitLabel="Add course" />
          </Panel>
          <Panel title="Delete" id="delete-heading">
            <DeleteForm
              prefix="delete-program"
              action={deleteProgramAction}
              id={program.id}
              label="Delete this program"
              hint={`Deletes the program and its ${courses.length === 1 ? "course" : `${courses.length} courses`}; /training/${program.id} then answers “not found”. The audit log keeps a copy.`}
            />
          </Panel>
        </div>
      </div>
      <section aria-labelledby="courses-heading" className="mt-8">
        <h2 id="courses-heading" className="text-xl font-bold text-navy-900">
          Courses ({courses.length})
        </h2>
        {courses.length === 0 && <p className="mt-2 text-navy-700">No courses yet.</p>}
        <ul className="mt-4 space-y-4">
          {courses.map((course) => (
            <li key={course.id}>
              <section aria-labelledby={`course-${course.id}-heading`} className="rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm">
                <h3 id={`course-${course.id}-heading`} className="mb-3 break-words font-bold text-navy-900">
                  {course.title}
                </h3>
                <ContentForm
                  prefix={`course-${course.id}`}
                  action={saveCourseAction}
                  fields={courseFields}
                  values={formValues({ title: course.title, level: course.level, duration: course.duration, sortOrder: course.sortOrder })}
                  hidden={{ id: String(course.id), programId: program.id }}
                  submitLabel={`Save ${course.title}`}
                  layout="row"
                />
                <div className="mt-3 border-t border-navy-900/10 pt-3">
                  <DeleteForm prefix={`delete-course-${course.id}`} action={deleteCourseAction} id={String(course.id)} label={`Delete ${course.title}`} />
                </div>
              </section>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
