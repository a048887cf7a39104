/**
 * Stripe for a Vitest file, end to end on one machine: the stand-in (test/stripe-stand-in.ts) with
 * the SDK pointed at it, and its webhooks delivered over HTTP to the site's real webhook route.
 * `dropWebhooks` makes deliveries get lost on the way (answered 200, never applied), as when the
 * site was down while Stripe gave up retrying.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { POST as webhookRoute } from "@/app/api/stripe/webhook/route";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";

const WEBHOOK_SECRET = "whsec_test_standin_secret";

export interface StripeSite {
  standIn: StripeStandIn;
  dropWebhooks: boolean;
}

/** Call at the top of a test file: Stripe keys are set for the file and the stand-in runs. */
export function withStripeSite(): StripeSite {
  const site = { dropWebhooks: false } as StripeSite;
  let receiver: Server;
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", async () => {
        if (site.dropWebhooks) return res.writeHead(200).end("{}");
        const response = await webhookRoute(
          new Request("http://localhost/api/stripe/webhook", { method: "POST", body, headers: { "stripe-signature": String(req.headers["stripe-signature"] ?? "") } }),
        );
        res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
      });
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const { port } = receiver.address() as AddressInfo;
    site.standIn = await startStripeStandIn({ webhook: { url: `http://127.0.0.1:${port}/`, secret: WEBHOOK_SECRET } });
    process.env.STRIPE_SECRET_KEY = "sk_test_standin";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_BASE = site.standIn.url;
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
    await site.standIn.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  return site;
}

/** Presses "Pay" on the stand-in's Checkout page, as the buyer would; the webhook is delivered before it answers. */
export async function payCheckout(checkoutUrl: string): Promise<void> {
  const response = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
  if (response.status !== 303) throw new Error(`paying ${checkoutUrl} answered ${response.status}: ${await response.text()}`);
}

/** Lets a session's `expires_at` pass at the stand-in, which then sends `checkout.session.expired`. */
export async function expireCheckout(standIn: StripeStandIn, sessionId: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${standIn.url}/_stand-in/checkout/sessions/${sessionId}/expire-now`, { method: "POST" });
  return (await response.json()) as { status: number; body: string };
}

export interface HookDelivery {
  status: number;
  body: string;
  invoice?: string;
  paymentIntent?: string;
  charge?: string;
}

async function hook(standIn: StripeStandIn, path: string): Promise<HookDelivery> {
  const response = await fetch(`${standIn.url}/_stand-in/${path}`, { method: "POST" });
  if (!response.ok) throw new Error(`stand-in ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as HookDelivery;
}

/** The next month of a subscription is paid: `invoice.paid`. */
export const renewSubscription = (standIn: StripeStandIn, subscriptionId: string) => hook(standIn, `subscriptions/${subscriptionId}/renew`);

/** The card is declined for the next month: `invoice.payment_failed`. */
export const failSubscriptionPayment = (standIn: StripeStandIn, subscriptionId: string) => hook(standIn, `subscriptions/${subscriptionId}/fail-payment`);

/** The subscription ends (cancelled in the portal or the dashboard): `customer.subscription.deleted`. */
export const cancelSubscription = (standIn: StripeStandIn, subscriptionId: string) => hook(standIn, `subscriptions/${subscriptionId}/cancel`);

/** A payment refunded in full from the Stripe dashboard: `charge.refunded`. */
export const refundFromDashboard = (standIn: StripeStandIn, paymentIntent: string) => hook(standIn, `payment_intents/${paymentIntent}/refund`);

/** Delivers an event already sent once more, as Stripe's retries do. */
export const resendEvent = (standIn: StripeStandIn, eventId: string) => hook(standIn, `events/${eventId}/resend`);
