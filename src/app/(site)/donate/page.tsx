import { getDb } from "@/db/client";
import { PageHero } from "@/components/ui/page-hero";
import { DonationTiers } from "@/features/content/components/donation-tiers";
import { WhyGive } from "@/features/content/components/why-give";
import { DonationForm } from "@/features/donations/components/donation-form";
import { GiftFields, GiftFootnote } from "@/features/donations/components/gift-fields";
import { DonationTaxNote, OtherWaysToGive } from "@/features/donations/components/other-ways-to-give";
import { getGivingContact } from "@/features/donations/giving-contact";
import { getCurrentMember } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/metadata";
import { shownOrganization } from "@/lib/receipt-organization";
import { getStripe } from "@/lib/payments/stripe";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Donate",
  description: `Support ${site.name}: give once or monthly, in honor or memory of someone, with a receipt for your taxes.`,
  path: "/donate",
});

export default async function DonatePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ gift }, member, giving] = await Promise.all([searchParams, getCurrentMember(), getGivingContact(getDb())]);
  const cardPayments = getStripe() !== null;
  const organization = shownOrganization(member?.role != null);
  return (
    <>
      <PageHero eyebrow="Donate" title="Support Our Mission">
        <p>Help a veteran find their team again. Your gift funds training, fitness and community for those who served.</p>
      </PageHero>
      <div className="container-page grid gap-12 py-16 lg:grid-cols-5">
        <div className="lg:col-span-3">
          {gift === "cancelled" && (
            <p role="status" className="mb-6 rounded-md border border-navy-700/40 bg-sand-100 p-4">
              Your gift was not completed, and nothing was charged. You can try again below.
            </p>
          )}
          <div className="rounded-xl bg-sand-200/60 p-6 sm:p-8">
            <DonationForm cardPayments={cardPayments} idempotencyKey={crypto.randomUUID()} footnote={<GiftFootnote cardPayments={cardPayments} />}>
              <GiftFields cardPayments={cardPayments} donor={{ name: member?.displayName ?? "", email: member?.email ?? "" }} />
            </DonationForm>
          </div>
        </div>
        <aside aria-labelledby="gift-promise" className="space-y-4 lg:col-span-2">
          <h2 id="gift-promise" className="text-2xl font-bold">
            Where your gift goes
          </h2>
          <p className="text-navy-800">
            Every gift goes to the programs where it is needed most: course fees kept low, scholarship seats, family events
            and the volunteers who run them.
          </p>
          <p className="text-navy-800">
            You get a receipt by email for every gift{cardPayments ? ", and every receipt of a monthly gift has a link to update the card or cancel the gift, no account needed" : ""}.
          </p>
        </aside>
      </div>
      <WhyGive />
      <DonationTiers />
      <OtherWaysToGive contact={giving} cardPayments={cardPayments} />
      <DonationTaxNote organization={organization} />
    </>
  );
}
