import { getDb } from "@/db/client";
import { PageHero } from "@/components/ui/page-hero";
import { TestimonialList } from "@/features/content/components/testimonial-list";
import { listTestimonials } from "@/features/content/content.queries";
import { MorePrograms } from "@/features/training/components/more-programs";
import { ProgramGroup } from "@/features/training/components/program-group";
import { TrainingCta } from "@/features/training/components/training-cta";
import { TrainingPhilosophy } from "@/features/training/components/training-philosophy";
import { listPrograms } from "@/features/training/training.queries";
import { pageMetadata } from "@/lib/metadata";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Training Programs",
  description:
    "Veteran-led firearms training, elite fitness and tactical consulting courses for every level, plus martial arts and outdoor recreation.",
  path: "/training",
});

export default async function TrainingPage() {
  const [programs, testimonials] = await Promise.all([listPrograms(getDb()), listTestimonials(getDb())]);
  const core = programs.filter((p) => p.isCore);
  const more = programs.filter((p) => !p.isCore);

  return (
    <>
      <PageHero eyebrow="Training" title="Training Programs">
        <p>
          Veteran-led instruction in firearms, fitness and tactical skills — built on safety, taught with patience and
          open to every level.
        </p>
      </PageHero>

      <div className="container-page space-y-20 py-16 sm:space-y-24">
        {core.map((program, i) => (
          <ProgramGroup key={program.id} program={program} reverse={i % 2 === 1} preloadImage={i === 0} />
        ))}
      </div>

      <MorePrograms programs={more} />
      <TrainingPhilosophy />
      <TestimonialList testimonials={testimonials.slice(0, 3)} />
      <TrainingCta />
    </>
  );
}
