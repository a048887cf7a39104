"use client";

import { createContext, useContext, useSyncExternalStore } from "react";
import { formatCents } from "@/lib/money";
import { SHIPPING_FLAT_CENTS } from "../checkout.fields";

export type DeliveryChoice = "pickup" | "shipping";

/** The delivery the buyer has chosen in the checkout form, for the summary's shipping and total rows. */
export const DeliveryChoiceContext = createContext<DeliveryChoice>("pickup");

const noSubscription = () => () => {};

/** False in the server's HTML and until React runs in the browser: what a visitor without JavaScript gets. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The summary's Shipping and Total rows for the delivery that applies, and only that one (a text browser,
 * a screen reader and a copy-paste read what is shown). With JavaScript they follow the choice at once and
 * the new total is announced politely; without it the form's "Update total" button re-renders the page.
 */
export function CheckoutTotals({ subtotalCents, needsFulfilment }: { subtotalCents: number; needsFulfilment: boolean }) {
  const delivery = useContext(DeliveryChoiceContext);
  const shipping = needsFulfilment && delivery === "shipping";
  const total = formatCents(subtotalCents + (shipping ? SHIPPING_FLAT_CENTS : 0));
  return (
    <>
      {needsFulfilment && (
        <>
          <dt>Shipping</dt>
          <dd className="text-right" data-testid="summary-shipping">
            {shipping ? formatCents(SHIPPING_FLAT_CENTS) : "Free (pickup)"}
          </dd>
        </>
      )}
      <dt className="text-lg font-bold">Total</dt>
      <dd className="text-right text-lg font-bold" data-testid="summary-total" aria-live="polite" aria-atomic="true">
        {total}
      </dd>
    </>
  );
}
