"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { getAuthEnv } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import { countAddressAttempt, TooManyAttempts } from "@/lib/auth/auth-limits";
import { CONFIRM_LINK_LAPSED, UNSUBSCRIBE_LINK_UNKNOWN, signUpAnswer, subscribeSchema, tokenSchema } from "./newsletter.schema";
import { confirmSubscription, requestSubscription, unsubscribeByToken } from "./newsletter.service";

/**
 * The footer form. Every valid address gets the same answer (see requestSubscription): whether it was
 * already subscribed is only ever told to its mailbox.
 */
export const subscribeAction = formAction(subscribeSchema, async (input) => {
  const db = getDb();
  try {
    await countAddressAttempt({ db, headers: await headers(), addressFactor: getAuthEnv().addressLimitFactor }, "newsletter-sign-up");
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    throw new FormError(`You have signed up several addresses in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, "email");
  }
  await requestSubscription(db, input.email);
  return { email: input.email, answer: signUpAnswer(input.email) };
});

/** The Confirm button on the page the confirmation email links to (opening that page changes nothing). */
export const confirmSubscriptionAction = formAction(tokenSchema, async ({ token }) => {
  const confirmed = await confirmSubscription(getDb(), token);
  if (!confirmed) throw new FormError(CONFIRM_LINK_LAPSED);
  return confirmed;
});

/** The Unsubscribe button on the page a newsletter's unsubscribe link opens. */
export const unsubscribeAction = formAction(tokenSchema, async ({ token }) => {
  const done = await unsubscribeByToken(getDb(), token);
  if (!done) throw new FormError(UNSUBSCRIBE_LINK_UNKNOWN);
  revalidatePath("/newsletter/unsubscribe"); // a member's settings on the page show the newsletter off
  return done;
});
