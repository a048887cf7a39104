import "server-only";
import type Stripe from "stripe";

export type StripeMetadata = Record<string, string> | null | undefined;

/** An expandable field's id: Stripe sends either the id or the expanded object. */
export const stripeId = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/** A Stripe timestamp (seconds) as a Date, or `fallback` seconds when Stripe sent none. */
export const stripeDate = (seconds: number | null | undefined, fallback: number): Date => new Date((seconds ?? fallback) * 1000);

/** The subscription an invoice bills, and the metadata it was given at checkout (Stripe snapshots it on the invoice). */
export function invoiceSubscription(invoice: Stripe.Invoice): { subscriptionId: string | null; metadata: StripeMetadata } {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: stripeId(details?.subscription), metadata: details?.metadata };
}

/**
 * The card payment behind a paid invoice: Stripe lists an invoice's payments apart from the invoice
 * (`invoice.payments` only when expanded), so it is asked for before a transaction opens. A refund is
 * made against it.
 */
export async function invoicePaymentIntent(stripe: Stripe, invoice: Stripe.Invoice): Promise<string | null> {
  const listed = invoice.payments?.data ?? (await stripe.invoicePayments.list({ invoice: invoice.id!, limit: 10 })).data;
  const paid = listed.find((payment) => payment.status === "paid") ?? listed[0];
  return stripeId(paid?.payment.payment_intent);
}
