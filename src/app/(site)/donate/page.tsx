import { PageHero } from "@/components/ui/page-hero";
import { DonationTiers } from "@/features/content/components/donation-tiers";
import { WaysToGive } from "@/features/content/components/ways-to-give";
import { TaxNote, WhyGive } from "@/features/content/components/why-give";
import { pageMetadata } from "@/lib/metadata";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Donate",
  description: `Support ${site.name}: what your gift funds, and how to give today by message or by check.`,
  path: "/donate",
});

export default function DonatePage() {
  return (
    <>
      <PageHero eyebrow="Donate" title="Support Our Mission">
        <p>Help a veteran find their team again. Your gift funds training, fitness and community for those who served.</p>
      </PageHero>
      <WhyGive />
      <DonationTiers />
      <WaysToGive />
      <TaxNote />
    </>
  );
}
