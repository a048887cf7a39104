import Link from "@/components/ui/link";
import type { EventSummary } from "../events.queries";
import { categoryBadge } from "./category-badge";
import { EventFacts } from "./event-facts";

/** A compact event teaser for the home page. */
export function UpcomingEventCard({ event }: { event: EventSummary }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10" data-testid="upcoming-event">
      <span className={`self-start rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider ${categoryBadge[event.category]}`}>
        {event.categoryLabel}
      </span>
      <h3 className="text-xl font-bold leading-snug">{event.title}</h3>
      <EventFacts event={event} include={["date", "time", "location"]} />
      <Link
        href={event.detailPath}
        className="mt-auto inline-flex items-center gap-1 self-start font-semibold text-olive-700 underline-offset-4 hover:underline"
      >
        Learn More<span className="sr-only"> about {event.title}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
