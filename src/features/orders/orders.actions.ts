"use server";

import { refresh, revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { z } from "zod";
import { FormError, idleState, type FormState } from "@/lib/form-state";
import { siteUrl } from "@/lib/env";
import { getStripe } from "@/lib/payments/stripe";
import { log } from "@/lib/log";
import { getCartOwner, readCartTokenHash } from "@/features/cart/cart-session";
import { getCurrentMember } from "@/lib/auth/session";
import { checkoutSchema } from "./checkout.schema";
import { checkoutLimits, UPDATE_TOTAL_INTENT } from "./checkout.fields";
import { withoutUnacceptableCharacters } from "@/lib/text-fields";
import { getOrderForViewer } from "./orders.queries";
import { CART_EMPTY, placeOrder } from "./orders.service";
import { startStripeCheckout } from "./stripe-payments.service";
import { hashOpaqueToken, isOpaqueToken } from "@/lib/opaque-token";
import { isOrderViewKey } from "./order-links";

export type CheckoutDone = { redirectTo: string };

const checkout = formAction(checkoutSchema, async (input): Promise<CheckoutDone> => {
  const owner = await getCartOwner();
  if (!owner) throw new FormError(CART_EMPTY);
  const stripe = getStripe();
  const placed = await placeOrder(getDb(), owner, input, stripe ? "stripe" : "pay_later");
  const orderPage = `/shop/orders/${placed.id}`;
  // A repeated submit lands on the order it already placed (which offers "Pay now" if still unpaid).
  if (!stripe || placed.paymentMethod !== "stripe" || !placed.created) return { redirectTo: orderPage };
  try {
    return { redirectTo: await startStripeCheckout(getDb(), stripe, placed.id, `${siteUrl()}${orderPage}`) };
  } catch (error) {
    log.error({ event: "orders.stripe-checkout-failed", orderId: placed.id, err: error }, "starting Stripe Checkout failed");
    return { redirectTo: `${orderPage}?payment=unavailable` };
  }
});

/**
 * "Update total" (no JavaScript): the page again with what was typed and the chosen delivery, so the
 * summary shows that delivery's shipping and total. Nothing is checked or placed, and nothing is refused.
 */
function keptForUpdatedTotal(formData: FormData): FormState<CheckoutDone> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(checkoutSchema.shape)) {
    const value = formData.get(key);
    if (typeof value === "string" && key !== "idempotencyKey") values[key] = withoutUnacceptableCharacters(value).slice(0, KEPT_VALUE_MAX);
  }
  return { status: "error", fieldErrors: {}, values };
}

const KEPT_VALUE_MAX = Math.max(...Object.values(checkoutLimits));

// redirect() throws, so it runs after formAction (which turns unknown throws into a generic error).
export async function checkoutAction(previous: FormState<CheckoutDone>, formData: FormData): Promise<FormState<CheckoutDone>> {
  if (formData.get("intent") === UPDATE_TOTAL_INTENT) return keptForUpdatedTotal(formData);
  const state = await checkout(previous, formData);
  if (state.status === "success") {
    revalidatePath("/", "layout"); // the emptied cart's badge
    redirect(state.data.redirectTo);
  }
  // The summary may be out of date (prices, stock): re-render it with the error.
  if (state.status === "error" && state.formError) refresh();
  return state;
}

const payOrderSchema = z.object({ orderId: z.string().max(100), payToken: z.string().max(100).optional(), viewKey: z.string().max(100).optional() });

const payOrder = formAction(payOrderSchema, async ({ orderId, payToken, viewKey }) => {
  const payLinkHash = isOpaqueToken(payToken) ? hashOpaqueToken(payToken) : undefined;
  const member = await getCurrentMember();
  const tokenHash = await readCartTokenHash();
  const order = await getOrderForViewer(getDb(), orderId, { userId: member?.id, tokenHash, payLinkHash, viewKey });
  const stripe = getStripe();
  if (!order || !stripe || order.status !== "awaiting_payment" || !(order.paymentMethod === "stripe" || order.payLinkSent)) redirect("/shop/cart");
  // Back to the page the buyer could open: with the link's token or key when that is how they came.
  const access = payLinkHash ? `?pay=${encodeURIComponent(payToken!)}` : viewKey && isOrderViewKey(order.id, viewKey) ? `?key=${viewKey}` : "";
  const orderPage = `/shop/orders/${order.id}${access}`;
  let url: string;
  try {
    url = await startStripeCheckout(getDb(), stripe, order.id, `${siteUrl()}${orderPage}`);
  } catch (error) {
    log.error({ event: "orders.stripe-checkout-failed", orderId: order.id, err: error }, "starting Stripe Checkout failed");
    redirect(`${orderPage}${access ? "&" : "?"}payment=unavailable`);
  }
  redirect(url);
});

/**
 * "Pay now" on an unpaid order: a card order (a cancelled or failed Stripe page, or a repeated
 * submit), or a pay-later order whose buyer was emailed a pay-by-card link (`payToken`, the link's
 * token, or `viewKey`, an emailed order link's key, opens it from any device). Every way through
 * ends in a redirect.
 */
export async function payOrderAction(formData: FormData): Promise<void> {
  await payOrder(idleState, formData);
  redirect("/shop/cart");
}
