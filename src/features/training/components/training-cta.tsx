import { ButtonLink } from "@/components/ui/button-link";

/** Closing call to action: find a date on the calendar, or ask us a question. */
export function TrainingCta({
  title = "Ready to train with us?",
  body = "Find an upcoming session on the calendar, or send us a message and we'll help you choose the right course.",
  headingId = "training-cta",
}: {
  title?: string;
  body?: string;
  headingId?: string;
}) {
  return (
    <section aria-labelledby={headingId} className="bg-olive-700 py-16 text-white">
      <div className="container-page max-w-3xl text-center">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">{title}</h2>
        <p className="mt-3 text-lg text-white/90">{body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href="/calendar">View the Calendar</ButtonLink>
          <ButtonLink href="/contact?category=training" variant="outline">
            Contact Us
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
