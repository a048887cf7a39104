import { PageHero } from "@/components/ui/page-hero";
import { RefundPolicy } from "@/features/content/components/refund-policy";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Refund Policy",
  description: "Returns for merchandise, and cancellations and refunds for training courses, events, memberships and donations.",
  path: "/refund",
});

export default function RefundPage() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Refund Policy">
        <p>Returns, exchanges and cancellations — explained plainly.</p>
      </PageHero>
      <RefundPolicy />
    </>
  );
}
