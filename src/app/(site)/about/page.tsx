import { getDb } from "@/db/client";
import { PageHero } from "@/components/ui/page-hero";
import { AboutCta } from "@/features/content/components/about-cta";
import { JoinButton } from "@/features/memberships/components/join-button";
import { AboutStory } from "@/features/content/components/about-story";
import { CoreValues } from "@/features/content/components/core-values";
import { LeadershipGrid } from "@/features/content/components/leadership-grid";
import { getSiteContact, listCoreValues, listLeaders } from "@/features/content/content.queries";
import { organizationData } from "@/features/content/organization-data";
import { JsonLd } from "@/components/seo/json-ld";
import { pageMetadata } from "@/lib/metadata";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "About Us",
  description: `Founded in ${site.foundedYear} in ${site.address.city}, ${site.name} is a veteran-led nonprofit. Meet our leadership and the values we train by.`,
  path: "/about",
});

export default async function AboutPage() {
  const [values, leaders, contact] = await Promise.all([listCoreValues(getDb()), listLeaders(getDb()), getSiteContact(getDb())]);
  return (
    <>
      <PageHero eyebrow={`Since ${site.foundedYear}`} title="About Us">
        <p>Veteran-led, mission-driven and community-strong: who we are, what we stand for and the people who lead us.</p>
      </PageHero>
      <AboutStory />
      <CoreValues values={values} />
      <LeadershipGrid leaders={leaders} />
      <AboutCta joinButton={<JoinButton />} />
      <JsonLd data={organizationData(contact)} />
    </>
  );
}
