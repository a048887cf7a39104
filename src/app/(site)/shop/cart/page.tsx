import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Your Cart",
  description: "Review the items in your Vanguard Veterans Association shop cart.",
  path: "/shop/cart",
});

/** The cart page before online ordering exists: always empty, and it says so plainly. */
export default function CartPage() {
  return (
    <>
      <PageHero eyebrow="Shop" title="Your Cart" />
      <section aria-labelledby="cart-empty-heading" className="container-page max-w-2xl py-14 text-center">
        <div className="rounded-xl bg-white px-6 py-12 shadow-sm ring-1 ring-navy-900/10">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-12 text-olive-600" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M6 6h15l-1.5 9h-12z" strokeLinejoin="round" />
            <path d="M6 6 5 3H2" strokeLinecap="round" />
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
          </svg>
          <h2 id="cart-empty-heading" className="mt-4 text-2xl font-bold">
            Your cart is empty
          </h2>
          <p className="mt-2 text-navy-800">Online ordering is coming soon. In the meantime, browse our apparel, gear and accessories.</p>
          <ButtonLink href="/shop" variant="secondary" className="mt-6">
            Continue Shopping
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
