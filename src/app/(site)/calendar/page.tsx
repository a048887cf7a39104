import { buttonClasses } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { EventCard } from "@/features/events/components/event-card";
import { EventCategoryFilter } from "@/features/events/components/event-category-filter";
import { countEventsByCategory, listEvents } from "@/features/events/events.queries";
import { calendarHref, calendarQuerySchema, eventCategoryLabels } from "@/features/events/events.schema";
import { pageMetadata } from "@/lib/metadata";
import Link from "next/link";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Events Calendar",
  description: "Firearms, fitness, medical and community events from the Vanguard Veterans Association. Add them to your calendar.",
  path: "/calendar",
});

export default async function CalendarPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const query = calendarQuerySchema.parse(params);
  // A category that does not exist shows the empty state rather than silently showing everything.
  const unknownCategory = typeof params.category === "string" && params.category !== "" && !query.category;

  const [events, counts] = await Promise.all([unknownCategory ? [] : listEvents(query), countEventsByCategory()]);
  const label = unknownCategory ? "Unknown Category" : query.category ? `${eventCategoryLabels[query.category]} Events` : "All Events";

  return (
    <>
      <PageHero eyebrow="Train together. Serve together." title="Events Calendar">
        <p>Courses, challenges and community gatherings for veterans, service members, families and supporters.</p>
      </PageHero>

      <div className="container-page py-10 lg:py-14">
        <EventCategoryFilter active={query.category} unknown={unknownCategory} counts={counts} />

        <section aria-labelledby="events-heading" className="mt-8">
          <h2 id="events-heading" className="mb-6 text-2xl font-bold">
            {label} ({events.length})
          </h2>
          {events.length > 0 ? (
            <ul className="grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3">
              {events.map((event) => (
                <li key={event.id} className="grid">
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="rounded-lg bg-white px-6 py-12 text-center ring-1 ring-navy-900/10">
              <p className="text-lg font-semibold">No events found in this category.</p>
              <Link href={calendarHref()} className={buttonClasses("secondary", "mt-6")}>
                Show All Events
              </Link>
            </div>
          )}
        </section>

        <section aria-labelledby="feed-heading" className="mt-12 rounded-xl bg-navy-900 p-6 text-white sm:p-8">
          <h2 id="feed-heading" className="text-xl font-bold">
            Never miss an event
          </h2>
          <p className="mt-2 max-w-2xl text-white/85">
            Download every event as one calendar file, or subscribe to the feed in your calendar app so new and changed
            events appear automatically. Times are in Central Time (America/Chicago).
          </p>
          <a href="/calendar.ics" download className={buttonClasses("primary", "mt-5")}>
            Download All Events (.ics)
          </a>
        </section>
      </div>
    </>
  );
}
