// @module-tag second-clock: member pricing at checkout follows the date.
/**
 * Card payments at the orders desk, through the Stripe SDK against the local stand-in, with its
 * webhooks delivered to the real route: refunds, pay-by-card links for pay-later orders, and the
 * stock of card checkouts nobody paid coming back when Stripe expires their page.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { orders } from "@/db/schema/orders";
import { FormError } from "@/lib/form-state";
import { hashOpaqueToken } from "@/lib/opaque-token";
import { getStripe } from "@/lib/payments/stripe";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { createProduct, stockOf } from "../../../test/shop";
import { expireCheckout, payCheckout, withStripeSite } from "../../../test/stripe-site";
import { listAudit } from "@/lib/audit.service";
import {
  ALREADY_PAID,
  ALREADY_REFUNDED,
  CARD_ORDER_PAYS_ONLINE,
  CARD_PAYMENTS_OFF,
  REFUND_AT_DESK,
  REFUND_UNPAID,
  cancelOrder,
  markPaidAtDesk,
  refundCardOrder,
  sendPayLink,
} from "./orders-desk.service";
import { getOrderForViewer } from "./orders.queries";
import { placeOrder } from "./orders.service";
import { startStripeCheckout } from "./stripe-payments.service";

const stripeSite = withStripeSite();
const desk = { id: null, email: "desk@example.org" };
const stripe = () => getStripe()!;

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

async function order(payment: "stripe" | "pay_later", quantity = 2) {
  const product = await createProduct({ label: "card desk", stock: 10, priceCents: 1500 });
  const { owner } = newVisitor();
  await fillCart(owner, [[product.variantId, quantity]]);
  const email = `card-desk-${randomUUID()}@example.com`;
  const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email }), payment);
  return { ...placed, email, variantId: product.variantId };
}

const orderPage = (id: string) => `http://localhost/shop/orders/${id}`;

async function row(id: string) {
  const [found] = await getDb().select().from(orders).where(eq(orders.id, id));
  return found!;
}

async function mails(to: string, kind: string) {
  return getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
}

async function paidByCard() {
  const placed = await order("stripe");
  await payCheckout(await startStripeCheckout(getDb(), stripe(), placed.id, orderPage(placed.id)));
  return placed;
}

describe("refund", () => {
  it("refunds a card payment once through Stripe even when two desks click at once; the stock returns and the buyer is emailed", async () => {
    const placed = await paidByCard();
    const paid = await row(placed.id);
    expect(paid).toMatchObject({ status: "paid", stripePaymentIntentId: expect.stringMatching(/^pi_standin_/) });
    expect(await stockOf(placed.variantId)).toBe(8);

    const outcomes = await Promise.allSettled([refundCardOrder(getDb(), stripe(), desk, placed.id), refundCardOrder(getDb(), stripe(), desk, placed.id)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toEqual(new FormError(ALREADY_REFUNDED));

    const refunds = stripeSite.standIn.refunds.filter((r) => r.paymentIntent === paid.stripePaymentIntentId);
    expect(refunds).toEqual([{ id: expect.stringMatching(/^re_standin_/), paymentIntent: paid.stripePaymentIntentId, amount: 3000, idempotencyKey: `refund-order-${placed.id}` }]);
    expect(await row(placed.id)).toMatchObject({ status: "refunded", refundedAt: expect.any(Date), stripeRefundId: refunds[0]!.id });
    expect(await stockOf(placed.variantId)).toBe(10);
    const [mail, ...more] = await mails(placed.email, "order-refunded");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Refund for order ${placed.number}`);
    expect(mail!.textBody).toContain("We refunded your card payment of $30.00");
    const audit = await listAudit(getDb(), { recordType: "order", recordId: placed.id });
    expect(audit.map((a) => a.action)).toEqual(["order.refund"]);
  });

  it("refuses orders paid at the desk, unpaid orders and a site without Stripe keys, changing nothing", async () => {
    const atDesk = await order("pay_later");
    expect(await failure(refundCardOrder(getDb(), stripe(), desk, atDesk.id))).toBe(REFUND_UNPAID);
    await markPaidAtDesk(getDb(), desk, atDesk.id, "cash");
    expect(await failure(refundCardOrder(getDb(), stripe(), desk, atDesk.id))).toBe(REFUND_AT_DESK);
    const card = await paidByCard();
    expect(await failure(refundCardOrder(getDb(), null, desk, card.id))).toBe(CARD_PAYMENTS_OFF);
    expect((await row(atDesk.id)).status).toBe("paid");
    expect((await row(card.id)).status).toBe("paid");
    expect(await stockOf(card.variantId)).toBe(8);
  });

  it("says what Stripe answered when it refuses, and leaves the order paid", async () => {
    const card = await paidByCard();
    await getDb().update(orders).set({ stripePaymentIntentId: "pi_nobody_knows" }).where(eq(orders.id, card.id));
    expect(await failure(refundCardOrder(getDb(), stripe(), desk, card.id))).toBe(
      "Stripe did not make the refund: No such payment_intent: 'pi_nobody_knows'. Nothing was changed.",
    );
    expect(await row(card.id)).toMatchObject({ status: "paid", refundedAt: null });
    expect(await stockOf(card.variantId)).toBe(8);
  });
});

describe("pay-by-card link", () => {
  it("emails a link that opens the order from any device; a new link replaces the old; paying it marks the order paid by card", async () => {
    const placed = await order("pay_later");
    await sendPayLink(getDb(), stripe(), desk, placed.id);
    const [first] = await mails(placed.email, "order-pay-link");
    const firstToken = /\?pay=([A-Za-z0-9_-]{43})/.exec(first!.textBody)![1]!;
    expect(first!.subject).toBe(`Pay for order ${placed.number} by card`);
    expect((await row(placed.id)).payLinkTokenHash).toBe(hashOpaqueToken(firstToken));
    expect(await getOrderForViewer(getDb(), placed.id, { payLinkHash: hashOpaqueToken(firstToken) })).toMatchObject({ id: placed.id, payLinkSent: true });

    await sendPayLink(getDb(), stripe(), desk, placed.id);
    const second = (await mails(placed.email, "order-pay-link")).find((m) => m.id !== first!.id)!;
    const secondToken = /\?pay=([A-Za-z0-9_-]{43})/.exec(second.textBody)![1]!;
    expect(secondToken).not.toBe(firstToken);
    expect(await getOrderForViewer(getDb(), placed.id, { payLinkHash: hashOpaqueToken(firstToken) })).toBeUndefined();
    expect(await getOrderForViewer(getDb(), placed.id, { payLinkHash: hashOpaqueToken(secondToken) })).toMatchObject({ id: placed.id });

    await payCheckout(await startStripeCheckout(getDb(), stripe(), placed.id, `${orderPage(placed.id)}?pay=${secondToken}`));
    expect(await row(placed.id)).toMatchObject({ status: "paid", paymentMethod: "pay_later", stripePaymentIntentId: expect.stringMatching(/^pi_standin_/) });
    expect(await failure(sendPayLink(getDb(), stripe(), desk, placed.id))).toBe(ALREADY_PAID);
    const audit = await listAudit(getDb(), { recordType: "order", recordId: placed.id });
    expect(audit.map((a) => a.action)).toEqual(["order.pay-link", "order.pay-link"]);
    expect(JSON.stringify(audit)).not.toContain(secondToken);
  });

  it("is refused for card orders and on a site without Stripe keys", async () => {
    const card = await order("stripe");
    expect(await failure(sendPayLink(getDb(), stripe(), desk, card.id))).toBe(CARD_ORDER_PAYS_ONLINE);
    const later = await order("pay_later");
    expect(await failure(sendPayLink(getDb(), null, desk, later.id))).toBe(CARD_PAYMENTS_OFF);
    expect((await row(later.id)).payLinkTokenHash).toBeNull();
    expect(await mails(later.email, "order-pay-link")).toHaveLength(0);
  });
});

describe("unpaid card checkouts", () => {
  it("Stripe expiring the page cancels the order and returns its stock once, even when the event comes twice", async () => {
    const placed = await order("stripe");
    await startStripeCheckout(getDb(), stripe(), placed.id, orderPage(placed.id));
    const sessionId = (await row(placed.id)).stripeSessionId!;
    expect(await stockOf(placed.variantId)).toBe(8);

    const delivery = await expireCheckout(stripeSite.standIn, sessionId);
    expect(delivery).toEqual({ status: 200, body: JSON.stringify({ received: true, outcome: "released" }) });
    expect(await row(placed.id)).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    expect(await stockOf(placed.variantId)).toBe(10);
    const [mail, ...more] = await mails(placed.email, "order-cancelled");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your order ${placed.number} was not paid and is canceled`);
    const audit = await listAudit(getDb(), { recordType: "order", recordId: placed.id });
    expect(audit).toMatchObject([{ action: "order.release-unpaid", actorEmail: "system (unpaid card checkout)", after: { reason: "checkout-expired" } }]);
  });

  it("an older page expiring after the buyer opened a newer one changes nothing", async () => {
    const placed = await order("stripe");
    await startStripeCheckout(getDb(), stripe(), placed.id, orderPage(placed.id));
    const older = (await row(placed.id)).stripeSessionId!;
    await startStripeCheckout(getDb(), stripe(), placed.id, orderPage(placed.id));
    expect(await expireCheckout(stripeSite.standIn, older)).toEqual({ status: 200, body: JSON.stringify({ received: true, outcome: "ignored" }) });
    expect((await row(placed.id)).status).toBe("awaiting_payment");
    expect(await stockOf(placed.variantId)).toBe(8);
  });

  it("a pay-later order's pay-link page expiring leaves the order waiting for payment", async () => {
    const placed = await order("pay_later");
    await sendPayLink(getDb(), stripe(), desk, placed.id);
    await startStripeCheckout(getDb(), stripe(), placed.id, orderPage(placed.id));
    expect(await expireCheckout(stripeSite.standIn, (await row(placed.id)).stripeSessionId!)).toEqual({
      status: 200,
      body: JSON.stringify({ received: true, outcome: "ignored" }),
    });
    expect((await row(placed.id)).status).toBe("awaiting_payment");
  });

  it("a staff cancel closes the open Checkout page first, so the canceled order cannot be paid", async () => {
    const placed = await order("stripe");
    const url = await startStripeCheckout(getDb(), stripe(), placed.id, orderPage(placed.id));
    await cancelOrder(getDb(), desk, placed.id, stripe());
    const session = await stripe().checkout.sessions.retrieve((await row(placed.id)).stripeSessionId!);
    expect(session.status).toBe("expired");
    const pay = await fetch(url, { method: "POST", redirect: "manual" });
    expect(pay.status).toBe(410); // an expired Checkout page takes no payment
    expect((await row(placed.id)).status).toBe("cancelled");
    expect(await stockOf(placed.variantId)).toBe(10);
  });
});
