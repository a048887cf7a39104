import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { EventFacts } from "@/features/events/components/event-facts";
import { RegistrationControls } from "@/features/events/components/registration-controls";
import { registrationTarget } from "@/features/events/registration-target";
import { claimPath } from "@/features/events/event-paths";
import { getEvent } from "@/features/events/events.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { memberRegistrationsOfRequest } from "@/features/events/registration.queries";
import { outcomeAnnouncer } from "@/features/events/registration-outcome";
import { requireMember } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Your Seat Offer",
  description: "Claim the seat held for you from the waitlist.",
  robots: { index: false },
};

/**
 * Where the waitlist offer email leads. Opening it changes nothing (mail scanners and link previews
 * open links too); the member claims or declines with the buttons.
 */
export default async function SeatOfferPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseEventIdSegment((await params).id);
  if (id === undefined) notFound();
  const member = await requireMember(claimPath(id));
  const event = await getEvent(getDb(), id);
  if (!event) notFound();
  const registration = (await outcomeAnnouncer())(id, (await memberRegistrationsOfRequest(member.id, [id])).get(id));

  const lead =
    registration.status === "offered"
      ? "A seat has opened up and it is on hold for you. Claim it before the offer expires, or decline so the next person in line gets it."
      : registration.status === "confirmed"
        ? "You're registered for this event."
        : "There is no seat on hold for you at this event. Offers last 24 hours; after that the seat goes to the next person in line.";

  return (
    <>
      <PageHero eyebrow="Waitlist" title="Your Seat Offer">
        <p>{event.title}</p>
      </PageHero>
      <div className="container-page max-w-3xl py-12">
        <section aria-labelledby="offer-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          <h2 id="offer-heading" className="text-2xl font-bold">
            {event.title}
          </h2>
          <p className="mt-2 text-navy-800">{lead}</p>
          <div className="mt-5">
            <EventFacts event={event} include={["date", "time", "location", "instructor"]} />
          </div>
          <div className="mt-6">
            <RegistrationControls event={registrationTarget(event)} registration={registration} />
          </div>
          <p className="mt-6">
            <Link href={event.detailPath} className="font-semibold text-olive-700 underline underline-offset-4">
              Event details
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
