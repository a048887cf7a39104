/**
 * The e2e site "with Stripe" and its Stripe stand-in (test/stripe-stand-in.ts, started by
 * e2e/start-stripe-stand-in.ts). The main e2e site has no Stripe keys: its orders are paid at pickup.
 *
 * The site with Stripe runs the same build on the same PostgreSQL server, but in a database of its own
 * (STRIPE_SITE_DATABASE, migrated and seeded like the main one), so the products and orders the card
 * tests create never show up in the shop listings and checksums other specs count on.
 */
import { expect } from "@playwright/test";
import { e2eDatabaseUrl } from "./e2e-database";
import type { HttpPage } from "./http/text-browser";

const e2ePort = () => Number(process.env.E2E_PORT ?? 3200);

export const STRIPE_SITE_DATABASE = "app_stripe";
export const STRIPE_TEST_SECRET_KEY = "sk_test_e2e_stand_in";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_e2e_stand_in_signing_secret";

/** The third e2e site (3200 → 3203). */
export function siteWithStripeUrl(): string {
  return `http://localhost:${e2ePort() + 3}`;
}

export function stripeStandInPort(): number {
  return e2ePort() + 4;
}

/** Another site than the shop's (127.0.0.1, not localhost), as checkout.stripe.com is. */
export function stripeStandInUrl(): string {
  return `http://127.0.0.1:${stripeStandInPort()}`;
}

export function siteWithStripeDatabaseUrl(): string {
  return e2eDatabaseUrl(STRIPE_SITE_DATABASE);
}

/** Over HTTP (e2e/http/): the stand-in's Checkout page, for that amount; returns its session id. */
export function onStripeCheckout(page: HttpPage, amount: string): string {
  expect(page.url.origin, `Stripe Checkout, not ${page.url.href}`).toBe(stripeStandInUrl());
  expect(page.url.pathname).toMatch(/^\/c\/pay\/cs_/);
  expect(page.heading(1)).toBe("Stripe Checkout");
  expect(page.text("[data-testid=amount-due]")).toBe(amount);
  return page.url.pathname.split("/").pop()!;
}
