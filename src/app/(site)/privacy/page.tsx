import { PageHero } from "@/components/ui/page-hero";
import { PrivacyPolicy } from "@/features/content/components/privacy-policy";
import { pageMetadata } from "@/lib/metadata";
import { site } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Privacy Policy",
  description: `How ${site.name} collects, uses and protects your personal information, and the choices you have.`,
  path: "/privacy",
});

export default function PrivacyPage() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy Policy">
        <p>What we collect, why we collect it, and how you stay in control.</p>
      </PageHero>
      <PrivacyPolicy />
    </>
  );
}
