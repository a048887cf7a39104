import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { openDonationPortalAction } from "@/features/donations/donations.actions";
import { planForManageToken } from "@/features/donations/donations.queries";
import { formatCents } from "@/lib/money";
import { getStripe } from "@/lib/payments/stripe";
import { site } from "@/lib/site";
import { Alert } from "@/components/ui/alert";

export const dynamic = "force-dynamic";

export const metadata = { title: "Manage your monthly gift", robots: { index: false } };

const STATUS_TEXT = {
  pending: "is waiting for its first payment",
  active: "is active",
  past_due: "could not be charged last time: update your card to keep it going",
  cancelled: "has ended: no further payments will be taken",
} as const;

/**
 * The page a receipt's "manage" link opens (its token names the gift; no account needed). Opening
 * it changes nothing: the button posts, and only then is a Stripe customer portal session made.
 */
export default async function ManageGiftPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token, portal } = await searchParams;
  const plan = await planForManageToken(getDb(), token);
  const available = plan !== null && plan.stripeCustomerId !== null && getStripe() !== null;
  return (
    <>
      <PageHero eyebrow="Donate" title="Manage your monthly gift" />
      <section aria-labelledby="manage-gift" className="container-page max-w-3xl space-y-5 py-16">
        {!plan ? (
          <>
            <h2 id="manage-gift" className="text-2xl font-bold">
              This link does not work
            </h2>
            <p>
              Use the link in your latest receipt email, or write to{" "}
              <a href={`mailto:${site.email}`} className="font-medium underline">
                {site.email}
              </a>{" "}
              and we will help.
            </p>
          </>
        ) : (
          <>
            <h2 id="manage-gift" className="text-2xl font-bold">
              Your monthly gift of {formatCents(plan.totalCents)}
            </h2>
            <p data-testid="plan-status">This gift {STATUS_TEXT[plan.status]}.</p>
            {portal === "failed" && (
              <Alert tone="error">
                We could not open Stripe&rsquo;s page just now. Please try again in a few minutes.
              </Alert>
            )}
            {available ? (
              <form action={openDonationPortalAction} className="space-y-3">
                <input type="hidden" name="token" value={typeof token === "string" ? token : ""} />
                <p>Update your card, see past payments, or cancel the gift on Stripe&rsquo;s secure page.</p>
                <button type="submit" className="rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700">
                  Manage or cancel on Stripe
                </button>
              </form>
            ) : (
              <p role={portal === "unavailable" ? "alert" : undefined}>
                This gift cannot be changed online right now. Write to{" "}
                <a href={`mailto:${site.email}`} className="font-medium underline">
                  {site.email}
                </a>{" "}
                and we will change or cancel it for you.
              </p>
            )}
          </>
        )}
        <ButtonLink href="/donate" variant="secondary">
          Back to the donate page
        </ButtonLink>
      </section>
    </>
  );
}
