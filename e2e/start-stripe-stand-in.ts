/**
 * The Stripe stand-in of the browser tests: the API the site with Stripe calls (STRIPE_API_BASE), the
 * "Stripe Checkout" page its buyers are sent to, and the signed webhook that page sends when they pay.
 */
import { startStripeStandIn } from "../test/stripe-stand-in";
import { siteWithStripeUrl, STRIPE_TEST_WEBHOOK_SECRET, stripeStandInPort } from "./stripe";

const standIn = await startStripeStandIn({
  port: stripeStandInPort(),
  webhook: { url: `${siteWithStripeUrl()}/api/stripe/webhook`, secret: STRIPE_TEST_WEBHOOK_SECRET },
});
console.log(`[stripe stand-in] listening at ${standIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void standIn.close().finally(() => process.exit(0)));
}
