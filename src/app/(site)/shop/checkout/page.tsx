import { randomUUID } from "node:crypto";
import Link from "@/components/ui/link";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { getCartOwner } from "@/features/cart/cart-session";
import { getPricedCart } from "@/features/cart/priced-cart";
import { listTrainingLocations } from "@/features/content/content.queries";
import { getProfileFormValues } from "@/features/profile/profile.queries";
import { getCurrentMember } from "@/lib/auth/session";
import { CheckoutForm } from "@/features/orders/components/checkout-form";
import { CheckoutSummary } from "@/features/orders/components/checkout-summary";
import { getStripe } from "@/lib/payments/stripe";
import { pageMetadata } from "@/lib/metadata";
import { Alert } from "@/components/ui/alert";

export const dynamic = "force-dynamic";

export const metadata = {
  ...pageMetadata({ title: "Checkout", description: "Confirm your order from the Vanguard Veterans Association shop.", path: "/shop/checkout" }),
  robots: { index: false },
};

export default async function CheckoutPage() {
  const [member, owner] = await Promise.all([getCurrentMember(), getCartOwner()]);
  const cart = await getPricedCart(getDb(), owner);

  if (cart.lines.length === 0) {
    return (
      <>
        <PageHero eyebrow="Shop" title="Checkout" />
        <section className="container-page max-w-2xl py-14 text-center">
          <div className="rounded-xl bg-white px-6 py-12 shadow-sm ring-1 ring-navy-900/10">
            <h2 className="text-2xl font-bold">Your cart is empty</h2>
            <p className="mt-2 text-navy-800">Add something from the shop first.</p>
            <ButtonLink href="/shop" variant="secondary" className="mt-6">
              Continue Shopping
            </ButtonLink>
          </div>
        </section>
      </>
    );
  }

  const [locations, profile] = await Promise.all([listTrainingLocations(getDb()), member ? getProfileFormValues(getDb(), member.id) : undefined]);
  const needsFulfilment = cart.lines.some((l) => !l.plan);
  const profileName = [profile?.firstName, profile?.lastName].filter(Boolean).join(" ");

  return (
    <>
      <PageHero eyebrow="Shop" title="Checkout" />
      <div className="container-page max-w-6xl py-12">
        {cart.overStock && (
          <Alert tone="error" className="mb-6">
            Some items in your cart have sold out or run low since you added them.{" "}
            <Link href="/shop/cart" className="font-semibold underline">
              Review your cart
            </Link>{" "}
            before you place the order.
          </Alert>
        )}
        <CheckoutForm
          idempotencyKey={randomUUID()}
          expectedSubtotalCents={cart.pricing.subtotalCents}
          needsFulfilment={needsFulfilment}
          locations={locations.map((l) => ({ id: l.id, label: `${l.name} — ${l.street}, ${l.city}, ${l.region}` }))}
          defaults={{ name: profileName || member?.displayName || "", email: member?.email ?? "", phone: profile?.phone ?? "" }}
          payment={getStripe() ? "stripe" : "pay_later"}
          summary={<CheckoutSummary cart={cart} needsFulfilment={needsFulfilment} />}
        />
      </div>
    </>
  );
}
