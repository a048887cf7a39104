import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { thankYouFor } from "@/features/donations/donations.queries";
import { formatCents } from "@/lib/money";

export const dynamic = "force-dynamic";

export const metadata = { title: "Thank you for your gift", robots: { index: false } };

/** Where Stripe Checkout sends a donor after paying. The receipt itself comes by email, once Stripe confirms the payment. */
export default async function ThankYouPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { session_id: sessionId } = await searchParams;
  const gift = await thankYouFor(getDb(), typeof sessionId === "string" ? sessionId : undefined);
  return (
    <>
      <PageHero eyebrow="Donate" title="Thank you for your gift" />
      <section aria-labelledby="gift-status" className="container-page max-w-3xl space-y-4 py-16">
        <h2 id="gift-status" className="text-2xl font-bold">
          {gift ? (gift.frequency === "monthly" ? `Your monthly gift of ${formatCents(gift.totalCents)}` : `Your gift of ${formatCents(gift.totalCents)}`) : "Your gift"}
        </h2>
        <p role="status" data-testid="gift-status">
          {gift?.received
            ? `Stripe has confirmed your payment. Receipt ${gift.receiptNumber} is on its way to your email.`
            : "Stripe is confirming your payment. Your receipt comes by email as soon as it is confirmed, usually within a minute."}
        </p>
        {gift?.frequency === "monthly" && <p>Each receipt of your monthly gift has a link to update the card or cancel the gift, whenever you like.</p>}
        <ButtonLink href="/" variant="secondary">
          Back to the home page
        </ButtonLink>
      </section>
    </>
  );
}
