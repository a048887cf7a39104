import { getDb } from "@/db/client";
import { applyDonationEvent } from "@/features/donations/donation-webhooks.service";
import { applyAutoRenewEvent } from "@/features/renewals/auto-renew-webhooks.service";
import { applyStripeEvent } from "@/features/orders/stripe-payments.service";
import { getStripe, stripeWebhookSecret } from "@/lib/payments/stripe";

/**
 * Stripe's webhook: the signature over the raw body is checked with the SDK (STRIPE_WEBHOOK_SECRET)
 * before anything is read from it. Bad or unsigned requests get a 400; a handled or repeated event a 200.
 * Events about gifts go to the donations' handler, those about a membership's automatic renewal to the
 * memberships' handler, and everything else (orders) to the orders' handler.
 */
export async function POST(request: Request): Promise<Response> {
  const stripe = getStripe();
  const secret = stripeWebhookSecret();
  if (!stripe || !secret) return Response.json({ error: "Stripe is not configured on this server." }, { status: 404 });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return Response.json({ error: "Missing Stripe-Signature header." }, { status: 400 });
  const body = await request.text();
  let event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    return Response.json({ error: "Invalid signature." }, { status: 400 });
  }
  const db = getDb();
  const outcome = (await applyDonationEvent(db, stripe, event)) ?? (await applyAutoRenewEvent(db, stripe, event)) ?? (await applyStripeEvent(db, event));
  return Response.json({ received: true, outcome });
}
