import { ButtonLink } from "@/components/ui/button-link";
import { CartIcon } from "@/components/ui/cart-icon";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { CartLineItem } from "@/features/cart/components/cart-line-item";
import { cartPageNotice } from "@/features/cart/cart-page-notice";
import { getCartOwner } from "@/features/cart/cart-session";
import { DiscountLines } from "@/features/pricing/components/discount-lines";
import { getPricedCart } from "@/features/cart/priced-cart";
import { formatCents } from "@/lib/money";
import { pageMetadata } from "@/lib/metadata";

export const dynamic = "force-dynamic";

export const metadata = {
  ...pageMetadata({ title: "Your Cart", description: "Review the items in your Vanguard Veterans Association shop cart.", path: "/shop/cart" }),
  robots: { index: false },
};

export default async function CartPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const owner = await getCartOwner();
  const cart = await getPricedCart(getDb(), owner);
  const { pricing } = cart;
  const notice = cartPageNotice(await searchParams, cart);

  return (
    <>
      <PageHero eyebrow="Shop" title="Your Cart" />
      <div className="container-page max-w-4xl py-12">
        {/* Always rendered, so a changed message is announced after every stepper or remove post. */}
        <div role="status" className="mb-6 empty:hidden" data-testid="cart-page-notice">
          {notice && (
            <p className={`rounded-md px-4 py-3 font-semibold ${notice.ok ? "bg-olive-600 text-white" : "bg-red-50 text-red-900 ring-1 ring-red-900/20"}`}>
              {notice.text}
            </p>
          )}
        </div>
        {cart.lines.length === 0 ? (
          <section aria-labelledby="cart-empty-heading" className="rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-navy-900/10">
            <CartIcon className="mx-auto size-12 text-olive-600" strokeWidth={1.5} />
            <h2 id="cart-empty-heading" className="mt-4 text-2xl font-bold">
              Your cart is empty
            </h2>
            <p className="mt-2 text-navy-800">Browse our apparel, gear and accessories: every purchase supports programs for veterans.</p>
            <ButtonLink href="/shop" variant="secondary" className="mt-6">
              Continue Shopping
            </ButtonLink>
          </section>
        ) : (
          <section aria-labelledby="cart-items-heading" className="rounded-xl bg-white px-5 py-4 shadow-sm ring-1 ring-navy-900/10 sm:px-8">
            <h2 id="cart-items-heading" className="pt-2 text-2xl font-bold">
              {cart.count} {cart.count === 1 ? "item" : "items"} in your cart
            </h2>
            <ul className="divide-y divide-navy-900/10">
              {pricing.lines.map((line) => (
                <CartLineItem
                  key={line.id}
                  line={line}
                  discount={line.price.discount && { label: line.price.discount.label, unitCents: line.price.unitDiscountCents }}
                />
              ))}
            </ul>
            <div className="flex flex-col gap-4 border-t border-navy-900/10 py-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-xl">
                Subtotal: <strong data-testid="cart-subtotal">{formatCents(cart.subtotalCents)}</strong>
                {pricing.discountLines.length > 0 && (
                  <>
                    <DiscountLines lines={pricing.discountLines} className="mt-1 text-base" />
                    <span className="block">
                      After discounts: <strong data-testid="cart-discounted-subtotal">{formatCents(pricing.subtotalCents)}</strong>
                    </span>
                  </>
                )}
                <span className="block text-sm text-navy-800">Shipping is added at checkout (free when you pick up).</span>
              </p>
              {/* One column on a phone, two equal ones from there: the two buttons always the same width. */}
              <div className="grid gap-3 sm:grid-cols-2">
                <ButtonLink href="/shop" variant="outline" className="text-navy-900">
                  Continue Shopping
                </ButtonLink>
                <ButtonLink href="/shop/checkout" variant="primary">
                  Proceed to Checkout
                </ButtonLink>
              </div>
            </div>
          </section>
        )}
      </div>
    </>
  );
}
