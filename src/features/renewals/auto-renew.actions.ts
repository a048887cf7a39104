"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { siteUrl } from "@/lib/env";
import { log } from "@/lib/log";
import { getStripe } from "@/lib/payments/stripe";
import { requireMember } from "@/lib/auth/session";
import { AUTO_RENEW_PATH, openRenewalPortal, startAutoRenewCheckout } from "./auto-renew.service";
import { AutoRenewRefusal, type AutoRenewNotice } from "./auto-renew-notices";

// Both forms post without JavaScript and always end in a redirect: to Stripe, or back to the membership
// tab whose ?auto-renew= says what happened (AutoRenewSection shows it).
const TAB = "/profile?tab=membership";
const back = (notice: AutoRenewNotice): never => redirect(`${TAB}&auto-renew=${notice}#auto-renew`);

/** "Renew automatically each year": Stripe Checkout for a yearly subscription to the member's plan. */
export async function startAutoRenewAction(): Promise<void> {
  const member = await requireMember(AUTO_RENEW_PATH);
  const stripe = getStripe();
  if (!stripe) back("unavailable");
  let url: string;
  try {
    url = await startAutoRenewCheckout(getDb(), stripe!, member, {
      success: `${siteUrl()}${TAB}&auto-renew=started#auto-renew`,
      cancel: `${siteUrl()}${TAB}&auto-renew=not-started#auto-renew`,
    });
  } catch (error) {
    if (error instanceof AutoRenewRefusal) back(error.notice);
    log.error({ event: "memberships.auto-renew-checkout-failed", err: error }, "starting Stripe Checkout for automatic renewal failed");
    back("failed");
  }
  redirect(url!);
}

/** "Manage card or cancel": Stripe's customer portal for the member's renewal. */
export async function manageAutoRenewAction(): Promise<void> {
  const member = await requireMember(AUTO_RENEW_PATH);
  const stripe = getStripe();
  if (!stripe) back("unavailable");
  let url: string;
  try {
    url = await openRenewalPortal(getDb(), stripe!, member.id, `${siteUrl()}${TAB}#auto-renew`);
  } catch (error) {
    if (error instanceof AutoRenewRefusal) back(error.notice);
    log.error({ event: "memberships.portal-failed", err: error }, "opening Stripe's customer portal failed");
    back("portal-failed");
  }
  redirect(url!);
}
