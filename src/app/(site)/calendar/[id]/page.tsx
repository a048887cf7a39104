import type { Metadata } from "next";
import { BreadcrumbHero } from "@/components/ui/breadcrumb";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { CalendarButtons } from "@/features/events/components/calendar-buttons";
import { categoryBadge } from "@/features/events/components/category-badge";
import { EventFacts } from "@/features/events/components/event-facts";
import { RegistrationNotes } from "@/features/events/components/registration-notes";
import { RegistrationControls } from "@/features/events/components/registration-controls";
import { registrationTarget } from "@/features/events/registration-target";
import { MemberSpots, RegistrationIntro } from "@/features/events/components/event-personal-parts";
import { getEvent } from "@/features/events/events.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { memberRegistrationsOfRequest } from "@/features/events/registration.queries";
import { outcomeAnnouncer } from "@/features/events/registration-outcome";
import { getCurrentMember } from "@/lib/auth/session";
import { getDb } from "@/db/client";
import { pageMetadata } from "@/lib/metadata";
import { JsonLd } from "@/components/seo/json-ld";
import { eventData } from "@/features/events/event-data";
import { eventLocationLabel } from "@/features/events/event-locations";
import { listTrainingLocations } from "@/features/content/content.queries";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** One query per request, shared by generateMetadata and the page; invalid ids never reach the database. */
const loadEvent = cache(async (segment: string) => {
  const id = parseEventIdSegment(segment);
  return id === undefined ? undefined : getEvent(getDb(), id);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const event = await loadEvent((await params).id);
  if (!event) return { title: "Event not found" };
  return pageMetadata({
    title: event.title,
    description: `${event.date}, ${event.timeRange} at ${event.location}. ${event.description}`,
    path: event.detailPath,
  });
}

export default async function EventPage({ params }: Props) {
  const event = await loadEvent((await params).id);
  if (!event) notFound();
  const [member, locations] = await Promise.all([getCurrentMember(), listTrainingLocations(getDb())]);
  const registration = (await outcomeAnnouncer())(event.id, member ? (await memberRegistrationsOfRequest(member.id, [event.id])).get(event.id) : undefined);
  const trainingLocation = locations.find((location) => eventLocationLabel(location) === event.location);

  return (
    <>
      <BreadcrumbHero labelledBy="event-title" narrow trail={[{ href: "/calendar", label: "Calendar" }]} current={event.title}>
        <span className={`inline-block rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wider ${categoryBadge[event.category]}`}>
          {event.categoryLabel}
        </span>
        <h1 id="event-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
          {event.title}
        </h1>
        <p className="mt-4 text-xl text-white/90">
          <time dateTime={event.startsAtIso}>{event.date}</time> · {event.timeRange}
        </p>
        {event.phase === "cancelled" ? (
          <p className="mt-6 inline-block rounded-full bg-red-800 px-3 py-1 text-sm font-bold uppercase tracking-wider text-white">
            Cancelled
          </p>
        ) : event.phase === "ended" ? (
          <p className="mt-6 inline-block rounded-full bg-sand-200 px-3 py-1 text-sm font-bold uppercase tracking-wider text-navy-900">
            Past event
          </p>
        ) : (
          <div className="mt-6">
            <CalendarButtons event={event} tone="dark" />
          </div>
        )}
      </BreadcrumbHero>

      <div className="container-page grid max-w-4xl gap-8 py-12 md:grid-cols-[1fr_18rem]">
        <section aria-labelledby="about-event-heading">
          <h2 id="about-event-heading" className="text-2xl font-bold">
            About this event
          </h2>
          <p className="mt-3 text-lg text-navy-800">{event.description}</p>
          {event.instructor && (
            <p className="mt-4">
              <span className="font-semibold">Instructor:</span> {event.instructor}
            </p>
          )}
        </section>

        <aside aria-labelledby="event-details-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
          <h2 id="event-details-heading" className="mb-4 text-lg font-bold">
            Event details
          </h2>
          <EventFacts
            event={event}
            include={["date", "time", "location", "category", "spots", "instructor"]}
            spots={<MemberSpots event={event} registration={registration} />}
          />
          <p className="mt-4 text-sm text-navy-700">{event.timeZoneNote}</p>
        </aside>

        <section
          id="register"
          aria-labelledby="register-heading"
          className="scroll-mt-24 rounded-xl bg-olive-700 p-6 text-white md:col-span-2 sm:p-8"
        >
          <h2 id="register-heading" className="text-2xl font-bold">
            {event.phase === "ended" ? "Registration" : "Register Now"}
          </h2>
          <p className="mt-2 max-w-2xl text-white/90">
            <RegistrationIntro event={event} signedIn={Boolean(member)} registration={registration} />
          </p>
          <RegistrationNotes notes={event.registrationNotes} tone="dark" className="mt-3 max-w-2xl" />
          <div className="mt-5">
            <RegistrationControls event={registrationTarget(event)} registration={registration} tone="dark" />
          </div>
          <div className="mt-5">
            <ButtonLink href="/calendar" variant="outline">
              Back to Calendar
            </ButtonLink>
          </div>
        </section>
      </div>
      <JsonLd data={eventData(event, trainingLocation)} />
    </>
  );
}
