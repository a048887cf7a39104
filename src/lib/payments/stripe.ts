import "server-only";
import Stripe from "stripe";
import { getPaymentsEnv } from "@/lib/env";

const clients = new Map<string, Stripe>();

/** The Stripe client when STRIPE_SECRET_KEY is set, else null (the shop then takes pay-later orders). */
export function getStripe(): Stripe | null {
  const env = getPaymentsEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  const cacheKey = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_BASE ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === "https:" ? 443 : 80),
        protocol: base.protocol === "https:" ? "https" : "http",
      }),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

export function stripeWebhookSecret(): string | undefined {
  return getPaymentsEnv().STRIPE_WEBHOOK_SECRET;
}
