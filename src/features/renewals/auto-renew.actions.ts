"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { requireMember, type CurrentMember } from "@/lib/auth/session";
import { siteUrl } from "@/lib/env";
import { idleState, type FormState } from "@/lib/form-state";
import { log } from "@/lib/log";
import { getStripe } from "@/lib/payments/stripe";
import { AUTO_RENEW_PATH, openRenewalPortal, startAutoRenewCheckout } from "./auto-renew.service";
import { AutoRenewRefusal, type AutoRenewNotice } from "./auto-renew-notices";

// Both forms post without JavaScript and always end in a redirect: to Stripe, or back to the membership
// tab whose ?auto-renew= says what happened (AutoRenewSection shows it).
const TAB = "/profile?tab=membership";
const back = (notice: AutoRenewNotice): never => redirect(`${TAB}&auto-renew=${notice}#auto-renew`);

/** Where the form goes next: Stripe's page, or back to the tab with a notice. */
type Outcome = { stripeUrl: string } | { notice: AutoRenewNotice };

const noFields = z.object({});
const signedInMember = () => requireMember(AUTO_RENEW_PATH);

function followOutcome(state: FormState<Outcome>, failure: AutoRenewNotice): never {
  if (state.status !== "success") return back(failure);
  return "stripeUrl" in state.data ? redirect(state.data.stripeUrl) : back(state.data.notice);
}

const startAutoRenew = formAction(
  noFields,
  async (_input, member: CurrentMember): Promise<Outcome> => {
    const stripe = getStripe();
    if (!stripe) return { notice: "unavailable" };
    try {
      const stripeUrl = await startAutoRenewCheckout(getDb(), stripe, member, {
        success: `${siteUrl()}${TAB}&auto-renew=started#auto-renew`,
        cancel: `${siteUrl()}${TAB}&auto-renew=not-started#auto-renew`,
      });
      return { stripeUrl };
    } catch (error) {
      if (error instanceof AutoRenewRefusal) return { notice: error.notice };
      log.error({ event: "memberships.auto-renew-checkout-failed", err: error }, "starting Stripe Checkout for automatic renewal failed");
      return { notice: "failed" };
    }
  },
  signedInMember,
);

const manageAutoRenew = formAction(
  noFields,
  async (_input, member: CurrentMember): Promise<Outcome> => {
    const stripe = getStripe();
    if (!stripe) return { notice: "unavailable" };
    try {
      return { stripeUrl: await openRenewalPortal(getDb(), stripe, member.id, `${siteUrl()}${TAB}#auto-renew`) };
    } catch (error) {
      if (error instanceof AutoRenewRefusal) return { notice: error.notice };
      log.error({ event: "memberships.portal-failed", err: error }, "opening Stripe's customer portal failed");
      return { notice: "portal-failed" };
    }
  },
  signedInMember,
);

/** "Renew automatically each year": Stripe Checkout for a yearly subscription to the member's plan. */
export async function startAutoRenewAction(formData: FormData): Promise<void> {
  followOutcome(await startAutoRenew(idleState, formData), "failed");
}

/** "Manage card or cancel": Stripe's customer portal for the member's renewal. */
export async function manageAutoRenewAction(formData: FormData): Promise<void> {
  followOutcome(await manageAutoRenew(idleState, formData), "portal-failed");
}
