import { PageHero } from "@/components/ui/page-hero";
import { TermsOfService } from "@/features/content/components/terms-of-service";
import { pageMetadata } from "@/lib/metadata";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Terms of Service",
  description: `The terms for using the ${site.name} website, shop, training courses and events.`,
  path: "/terms",
});

export default function TermsPage() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms of Service">
        <p>The ground rules for using our website, shop, courses and events.</p>
      </PageHero>
      <TermsOfService />
    </>
  );
}
