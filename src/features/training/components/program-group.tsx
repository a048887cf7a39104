import Link from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button-classes";
import type { Program } from "../training.queries";
import { CourseTable } from "./course-table";
import { ProgramImage } from "./program-image";

/** One core program on /training: image, description, course table and a Learn More link. */
export function ProgramGroup({ program, reverse = false, preloadImage = false }: { program: Program; reverse?: boolean; preloadImage?: boolean }) {
  const headingId = `program-${program.id}`;
  return (
    <section aria-labelledby={headingId} data-testid="program-group" className="grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
      <div className={reverse ? "lg:order-2" : undefined}>
        <ProgramImage src={program.imagePath} alt={program.imageAlt} sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw" preload={preloadImage} />
      </div>
      <div className="space-y-5">
        <div>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight">{program.title}</h2>
          <p className="mt-2 font-medium text-olive-700">{program.summary}</p>
        </div>
        <p className="text-navy-800">{program.description}</p>
        <CourseTable programTitle={program.title} courses={program.courses} />
        <Link href={`/training/${program.id}`} className={buttonClasses("secondary")}>
          Learn More<span className="sr-only"> about {program.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}
