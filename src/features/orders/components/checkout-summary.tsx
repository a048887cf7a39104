import { formatCents } from "@/lib/money";
import type { PricedCart } from "@/features/cart/priced-cart";
import { CheckoutTotals } from "./delivery-choice";

/**
 * Line totals, shipping and total, before the buyer confirms. Inside the checkout form: the shipping
 * and total rows are those of the delivery chosen there (delivery-choice.tsx).
 */
export function CheckoutSummary({ cart, needsFulfilment }: { cart: PricedCart; needsFulfilment: boolean }) {
  const { pricing } = cart;
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
        <CheckoutTotals subtotalCents={pricing.subtotalCents} needsFulfilment={needsFulfilment} />
      </dl>
    </section>
  );
}
