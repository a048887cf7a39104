import { formatCents } from "@/lib/money";
import type { PricedCart } from "@/features/cart/priced-cart";
import { SHIPPING_FLAT_CENTS } from "../checkout.fields";

/**
 * Line totals, shipping and total, before the buyer confirms. Inside the checkout form, whose
 * chosen delivery option switches between the pickup and shipping figures with CSS :has().
 */
export function CheckoutSummary({ cart, needsFulfilment }: { cart: PricedCart; needsFulfilment: boolean }) {
  const { pricing } = cart;
  const withShipping = pricing.subtotalCents + SHIPPING_FLAT_CENTS;
  return (
    <section aria-labelledby="checkout-summary" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
      <h2 id="checkout-summary" className="text-xl font-bold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-navy-900/10" data-testid="summary-lines">
        {pricing.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 py-2">
            <span>
              {line.quantity} × {line.name}
              {line.size && <span className="text-navy-800"> (size {line.size})</span>}
              {line.price.discount && (
                <span className="block text-sm text-navy-800">
                  {line.price.discount.label}: −{formatCents(line.price.unitDiscountCents)} each
                </span>
              )}
            </span>
            <span className="font-semibold">{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-navy-900/10 pt-4">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatCents(pricing.listSubtotalCents)}</dd>
        {pricing.discountLines.map((d) => (
          <div key={d.label} className="contents" data-testid="summary-discount">
            <dt className="text-olive-700">{d.label}</dt>
            <dd className="text-right text-olive-700">−{formatCents(d.amountCents)}</dd>
          </div>
        ))}
        {needsFulfilment && (
          <>
            <dt>Shipping</dt>
            <dd className="text-right" data-testid="summary-shipping">
              <span className="group-has-[#fulfil-pickup:checked]/checkout:hidden">{formatCents(SHIPPING_FLAT_CENTS)}</span>
              <span className="hidden group-has-[#fulfil-pickup:checked]/checkout:inline">Free (pickup)</span>
            </dd>
          </>
        )}
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-right text-lg font-bold" data-testid="summary-total">
          {needsFulfilment ? (
            <>
              <span className="group-has-[#fulfil-pickup:checked]/checkout:hidden">{formatCents(withShipping)}</span>
              <span className="hidden group-has-[#fulfil-pickup:checked]/checkout:inline">{formatCents(pricing.subtotalCents)}</span>
            </>
          ) : (
            formatCents(pricing.subtotalCents)
          )}
        </dd>
      </dl>
    </section>
  );
}
