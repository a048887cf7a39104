import { buttonClasses } from "@/components/ui/button-classes";
import { PageHero } from "@/components/ui/page-hero";
import { EventCard } from "@/features/events/components/event-card";
import { EventCategoryFilter } from "@/features/events/components/event-category-filter";
import { countEventsByCategory, listEvents, listPastEvents, type EventSummary } from "@/features/events/events.queries";
import { categoryFeedPath } from "@/features/events/event-paths";
import { eventListData } from "@/features/events/event-data";
import { JsonLd } from "@/components/seo/json-ld";
import { calendarHref, calendarQuerySchema, eventCategories, eventCategoryLabels } from "@/features/events/events.schema";
import { memberRegistrationsOfRequest, type MemberRegistration } from "@/features/events/registration.queries";
import { outcomeAnnouncer } from "@/features/events/registration-outcome";
import { getCurrentMember } from "@/lib/auth/session";
import { getDb } from "@/db/client";
import { pageMetadata } from "@/lib/metadata";
import Link from "@/components/ui/link";
import * as clock from "@/lib/clock";

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

  const now = clock.now();
  const [events, pastEvents, counts, member] = await Promise.all([
    unknownCategory ? [] : listEvents(getDb(), query, now),
    unknownCategory ? [] : listPastEvents(getDb(), query, now),
    countEventsByCategory(getDb(), now),
    getCurrentMember(),
  ]);
  const [registrations, announced] = await Promise.all([
    member ? memberRegistrationsOfRequest(member.id, [...events, ...pastEvents].map((e) => e.id)) : new Map<number, MemberRegistration>(),
    outcomeAnnouncer(),
  ]);
  const label = unknownCategory ? "Unknown Category" : query.category ? `${eventCategoryLabels[query.category]} Events` : "All Events";
  const cards = (list: EventSummary[]) => (
    <ul className="grid items-start gap-6 md:grid-cols-2 xl:grid-cols-3">
      {list.map((event) => (
        <li key={event.id} className="grid">
          <EventCard event={event} registration={announced(event.id, registrations.get(event.id))} />
        </li>
      ))}
    </ul>
  );

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
            cards(events)
          ) : pastEvents.length > 0 ? (
            <p className="rounded-lg bg-white px-6 py-8 text-center text-lg font-semibold ring-1 ring-navy-900/10">
              No upcoming events in this category.
            </p>
          ) : (
            <div className="rounded-lg bg-white px-6 py-12 text-center ring-1 ring-navy-900/10">
              <p className="text-lg font-semibold">No events found in this category.</p>
              <Link href={calendarHref()} className={buttonClasses("secondary", "mt-6")}>
                Show All Events
              </Link>
            </div>
          )}
        </section>

        {pastEvents.length > 0 && (
          <section aria-labelledby="past-events-heading" className="mt-12">
            <h2 id="past-events-heading" className="mb-6 text-2xl font-bold">
              Past Events ({pastEvents.length})
            </h2>
            {cards(pastEvents)}
          </section>
        )}

        <section aria-labelledby="feed-heading" className="mt-12 rounded-xl bg-navy-900 p-6 text-white sm:p-8">
          <h2 id="feed-heading" className="text-xl font-bold">
            Never miss an event
          </h2>
          <p className="mt-2 max-w-2xl text-white/85">
            {`Download every event as one calendar file, or subscribe to the feed in your calendar app so new and changed events appear automatically. Each event's times are in its own time zone, named beside them.`}
          </p>
          <a href="/calendar.ics" download className={buttonClasses("primary", "mt-5")}>
            Download All Events (.ics)
          </a>
          <p className="mt-6 text-white/85">Or subscribe to one category:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {eventCategories.map((category) => (
              <li key={category}>
                <a
                  href={categoryFeedPath(category)}
                  className="inline-flex rounded-md border-2 border-white/40 px-4 py-2 text-sm font-semibold hover:bg-white/10"
                >
                  {eventCategoryLabels[category]} events (.ics)
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {events.length > 0 && <JsonLd data={eventListData(events)} />}
    </>
  );
}
