"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createElement, type ReactNode } from "react";
import { z } from "zod";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { getAuthEnv, siteUrl } from "@/lib/env";
import { FormError, idleState, type FormState } from "@/lib/form-state";
import { log } from "@/lib/log";
import { getStripe } from "@/lib/payments/stripe";
import { mayMail } from "@/lib/email/mailbox-limits";
import { site } from "@/lib/site";
import { clientIp } from "@/lib/rate-limit.service";
import { getCurrentMember } from "@/lib/auth/session";
import { PledgeInstructions } from "./components/pledge-instructions";
import { planForManageToken } from "./donations.queries";
import { donationSchema } from "./donations.schema";
import { CARD_PROCESSOR_DOWN, countDonationAttempt, recordPledge, startDonationCheckout } from "./donations.service";
import { getGivingContact } from "./giving-contact";

export type DonateResult =
  | { kind: "pledged"; reference: string; totalCents: number; email: string; mailed: boolean; instructions: ReactNode }
  | { kind: "checkout"; url: string };

const donate = formAction(donationSchema, async (input): Promise<DonateResult> => {
  const db = getDb();
  const attempt = await countDonationAttempt(db, clientIp(await headers()), getAuthEnv().addressLimitFactor);
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    throw new FormError(`You have started several gifts in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"}, or call us at ${site.phone}.`);
  }
  const member = await getCurrentMember();
  const stripe = getStripe();
  if (!stripe || input.payBy === "pledge") {
    const pledge = await recordPledge(db, input, member?.id ?? null, await mayMail(db, "donation-pledge", input.donorEmail));
    const given = { reference: pledge.reference, totalCents: pledge.totalCents, email: pledge.donorEmail, mailed: pledge.mailed };
    const instructions = createElement(PledgeInstructions, { details: { ...(await getGivingContact(db)), ...given } });
    return { kind: "pledged", ...given, instructions };
  }
  try {
    const url = await startDonationCheckout(db, stripe, input, member?.id ?? null, { success: `${siteUrl()}/donate/thank-you`, cancel: `${siteUrl()}/donate?gift=cancelled` });
    return { kind: "checkout", url };
  } catch (error) {
    if (error instanceof FormError) throw error;
    log.error({ event: "donations.stripe-checkout-failed", err: error }, "starting Stripe Checkout for a gift failed");
    throw new FormError(CARD_PROCESSOR_DOWN);
  }
});

/** The donate form: a pledge is confirmed on the page; a card gift goes on to Stripe Checkout. */
export async function donateAction(previous: FormState<DonateResult>, formData: FormData): Promise<FormState<DonateResult>> {
  const state = await donate(previous, formData);
  // redirect() throws, so it runs after formAction (which turns unknown throws into a generic error).
  if (state.status === "success" && state.data.kind === "checkout") redirect(state.data.url);
  return state;
}

const openPortal = formAction(z.object({ token: z.string().max(100) }), async ({ token }) => {
  const plan = await planForManageToken(getDb(), token);
  const stripe = getStripe();
  const page = `/donate/manage?token=${encodeURIComponent(token)}`;
  if (!plan || !stripe || !plan.stripeCustomerId) redirect(plan ? `${page}&portal=unavailable` : "/donate/manage");
  let url: string;
  try {
    url = (await stripe.billingPortal.sessions.create({ customer: plan.stripeCustomerId, return_url: `${siteUrl()}${page}` })).url;
  } catch (error) {
    log.error({ event: "donations.portal-failed", recurringDonationId: plan.id, err: error }, "opening Stripe's customer portal failed");
    redirect(`${page}&portal=failed`);
  }
  redirect(url);
});

/** "Manage or cancel my monthly gift": opens Stripe's customer portal for the gift the link names. Every way through ends in a redirect. */
export async function openDonationPortalAction(formData: FormData): Promise<void> {
  await openPortal(idleState, formData);
  redirect("/donate/manage");
}
