import { getDb } from "@/db/client";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { siteUrl } from "@/lib/env";
import { memberFeedPath } from "../event-paths";
import { getMemberFeedToken } from "../member-feed.service";
import { PrivateFeedForm } from "./private-feed-form";

/** The profile's private calendar feed: the member's registrations, in their calendar app. */
export async function MyCalendarFeed({ memberId }: { memberId: string }) {
  const feedToken = await getMemberFeedToken(getDb(), memberId);
  return (
    <section aria-labelledby="security-calendar-feed" className={cardClass}>
      <PanelHeading id="security-calendar-feed" title="Private calendar feed">
        A calendar address that lists the events you registered for, kept up to date in your calendar app. Cancelled
        registrations show as cancelled.
      </PanelHeading>
      <PrivateFeedForm feedUrl={feedToken ? `${siteUrl()}${memberFeedPath(feedToken)}` : null} />
    </section>
  );
}
