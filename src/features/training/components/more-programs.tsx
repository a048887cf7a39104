import Link from "@/components/ui/link";
import type { Program } from "../training.queries";
import { ProgramImage } from "./program-image";

/** The programs outside the three core groups, as compact linked cards. */
export function MorePrograms({ programs }: { programs: Program[] }) {
  if (programs.length === 0) return null;
  return (
    <section aria-labelledby="more-programs" className="bg-sand-200/60 py-16">
      <div className="container-page">
        <h2 id="more-programs" className="text-3xl font-bold tracking-tight">More programs</h2>
        <p className="mt-3 max-w-2xl text-navy-800">
          Beyond our three core programs, members train on the mat and reconnect outdoors.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {programs.map((program) => (
            <li key={program.id}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-navy-900/10 transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-navy-900 sm:flex-row">
                <div className="sm:w-2/5 sm:shrink-0">
                  <ProgramImage src={program.imagePath} alt="" sizes="(min-width: 768px) 240px, 100vw" className="rounded-none shadow-none sm:h-full" />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h3 className="text-xl font-bold">
                    <Link href={`/training/${program.id}`} className="after:absolute after:inset-0 hover:underline focus-visible:outline-none">
                      {program.title}
                    </Link>
                  </h3>
                  <p className="text-navy-800">{program.summary}</p>
                  <p className="mt-auto pt-2 text-sm font-semibold text-olive-700" aria-hidden="true">
                    View courses →
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
