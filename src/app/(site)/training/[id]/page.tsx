import { getDb } from "@/db/client";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageHero } from "@/components/ui/page-hero";
import { ProgramDetails } from "@/features/training/components/program-details";
import { TrainingCta } from "@/features/training/components/training-cta";
import { programGuide } from "@/features/training/program-guides";
import { getProgram } from "@/features/training/training.queries";
import { pageMetadata } from "@/lib/metadata";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** One query per request, shared by the metadata and the page. */
const loadProgram = cache((id: string) => getProgram(getDb(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const program = await loadProgram(id);
  if (!program) notFound();
  return pageMetadata({ title: program.title, description: program.summary, path: `/training/${program.id}` });
}

export default async function ProgramPage({ params }: Props) {
  const { id } = await params;
  const program = await loadProgram(id);
  if (!program) notFound();
  const guide = programGuide(program.id);

  return (
    <>
      <PageHero eyebrow="Training program" title={program.title}>
        <p>{guide.tagline}</p>
      </PageHero>
      <nav aria-label="Breadcrumb" className="container-page pt-6 text-sm">
        <ol className="flex flex-wrap gap-2 text-navy-700">
          <li>
            <Link href="/training" className="underline underline-offset-4 hover:text-navy-900">Training</Link>
            <span aria-hidden="true" className="ml-2">/</span>
          </li>
          <li aria-current="page" className="font-semibold text-navy-900">{program.title}</li>
        </ol>
      </nav>
      <ProgramDetails program={program} guide={guide} />
      <TrainingCta
        title={`Start ${program.title}`}
        body="Check the calendar for the next session, or contact us to ask which course is the right fit for you."
      />
    </>
  );
}
