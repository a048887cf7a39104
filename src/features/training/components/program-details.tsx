import type { ProgramGuide } from "../program-guides";
import type { Program } from "../training.queries";
import { CourseTable } from "./course-table";
import { ProgramImage } from "./program-image";

function ChecklistCard({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
      <h2 id={id} className="text-2xl font-bold tracking-tight">{title}</h2>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <span aria-hidden="true" className="mt-1 grid size-5 shrink-0 place-items-center rounded-full bg-olive-600 text-xs font-bold text-white">
              ✓
            </span>
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The body of /training/[id]: overview, full course table, who it's for and what to bring. */
export function ProgramDetails({ program, guide }: { program: Program; guide: ProgramGuide }) {
  return (
    <div className="container-page space-y-14 py-10 sm:py-14">
      <section aria-labelledby="program-overview" className="grid items-center gap-8 lg:grid-cols-2 lg:gap-12">
        <ProgramImage src={program.imagePath} alt={program.imageAlt} sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw" preload />
        <div className="space-y-4">
          <h2 id="program-overview" className="text-3xl font-bold tracking-tight">About the program</h2>
          <p className="text-lg font-medium text-olive-700">{program.summary}</p>
          <p className="text-navy-800">{program.description}</p>
          <dl className="rounded-lg border-l-4 border-gold-500 bg-white px-4 py-3">
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">Where we train</dt>
            <dd className="mt-1 font-medium">{guide.location}</dd>
          </dl>
        </div>
      </section>

      <section aria-labelledby="program-courses">
        <h2 id="program-courses" className="text-3xl font-bold tracking-tight">Courses</h2>
        <p className="mt-2 max-w-2xl text-navy-800">
          Every course is led by a veteran instructor. Dates and open seats are listed on the calendar.
        </p>
        <div className="mt-6">
          <CourseTable programTitle={program.title} courses={program.courses} />
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <ChecklistCard id="program-audience" title="Who it's for" items={guide.whoItsFor} />
        <ChecklistCard id="program-bring" title="What to bring" items={guide.whatToBring} />
      </div>
    </div>
  );
}
