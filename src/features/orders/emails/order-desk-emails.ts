import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { siteUrl } from "@/lib/env";
import type { Fulfilment } from "../payment-copy";
import { trackingLink } from "../order-progress";

/** What the staff desk's emails to a buyer need to know about the order. */
export interface DeskEmailOrder {
  number: string;
  contactName: string;
  totalCents: number;
  fulfilment: Fulfilment;
  /** The order's page with its key (order-links.ts), or the pay-by-card link. */
  link: string;
}

/** Sent when staff record a pay-later order as paid: the buyer's receipt. */
export function paymentReceivedEmail(order: DeskEmailOrder & { membership: boolean }): ComposedEmail {
  const next =
    order.fulfilment === "shipping"
      ? "We will ship your order shortly and email you the tracking number."
      : order.fulfilment === "pickup"
        ? "If you have not collected your order yet, it is waiting for you at the pickup desk."
        : null;
  return composeEmail(`Payment received for order ${order.number}`, [
    `Hello ${order.contactName},`,
    `We received your payment of ${formatCents(order.totalCents)} for order ${order.number}. Thank you!`,
    ...(order.membership ? [`Your membership upgrade has started: see it in your profile at ${siteUrl()}/profile?tab=membership`] : []),
    ...(next ? [next] : []),
    { button: "Your order", href: order.link },
    signature(),
  ]);
}

/**
 * A "mark paid" undone at the desk (the wrong order, a check that bounced): the payment email the buyer
 * got does not stand, and the order waits for its payment again.
 */
export function paymentUndoneEmail(order: DeskEmailOrder & { membership: boolean }): ComposedEmail {
  return composeEmail(`Correction: order ${order.number} is not paid yet`, [
    `Hello ${order.contactName},`,
    `We emailed you that we received your payment of ${formatCents(order.totalCents)} for order ${order.number}. We have corrected our records: that payment no longer stands, and the order is waiting for its payment again. Please disregard that email.`,
    ...(order.membership ? ["The membership time that payment started was taken back; it starts again once the order is paid."] : []),
    `If you did pay, reply to this email or call us at ${site.phone} and we will sort it out.`,
    { button: "Your order", href: order.link },
    signature(),
  ]);
}

export function orderShippedEmail(order: DeskEmailOrder & { trackingNumber: string }): ComposedEmail {
  const carrier = trackingLink(order.trackingNumber);
  return composeEmail(`Your order ${order.number} has shipped`, [
    `Hello ${order.contactName},`,
    { lines: [`Your order ${order.number} is on its way.`, `Tracking number: ${order.trackingNumber}`] },
    ...(carrier ? [`Follow it on the ${carrier.carrier} website: ${carrier.href}`] : []),
    { button: "Your order", href: order.link },
    signature(),
  ]);
}

export function orderCancelledEmail(order: DeskEmailOrder): ComposedEmail {
  return composeEmail(`Your order ${order.number} was canceled`, [
    `Hello ${order.contactName},`,
    `Your order ${order.number} (${formatCents(order.totalCents)}) has been canceled. Nothing was charged for it.`,
    `If this is a surprise, or you still want the items, reply to this email or call us at ${site.phone}.`,
    signature(),
  ]);
}

/** Sent when a card order's Checkout page expired unpaid and its items went back on the shelf. */
export function unpaidCheckoutReleasedEmail(order: DeskEmailOrder): ComposedEmail {
  return composeEmail(`Your order ${order.number} was not paid and is canceled`, [
    `Hello ${order.contactName},`,
    `The card payment for your order ${order.number} (${formatCents(order.totalCents)}) was not completed in time, so we canceled the order and released its items. Nothing was charged.`,
    `If you still want them, you are welcome to order again from the shop: ${siteUrl()}/shop`,
    signature(),
  ]);
}

export function orderRefundedEmail(order: DeskEmailOrder): ComposedEmail {
  return composeEmail(`Refund for order ${order.number}`, [
    `Hello ${order.contactName},`,
    `We refunded your card payment of ${formatCents(order.totalCents)} for order ${order.number}.`,
    "Your bank usually shows it within 5 to 10 business days.",
    `Questions? Reply to this email or call us at ${site.phone}.`,
    signature(),
  ]);
}

/** What happens once a pay-by-card link is paid, for each way the order is handed over. */
export function afterPayLinkNote(fulfilment: Fulfilment): string {
  switch (fulfilment) {
    case "shipping":
      return "We ship your order as soon as it is paid.";
    case "pickup":
      return "Once it is paid, collect your order at the pickup desk.";
    case "none":
      return "Your membership upgrade starts as soon as it is paid.";
  }
}

/** The pay-by-card link for a pay-later order: it opens a page where the buyer pays through Stripe. */
export function payLinkEmail(order: DeskEmailOrder): ComposedEmail {
  return composeEmail(`Pay for order ${order.number} by card`, [
    `Hello ${order.contactName},`,
    `Your order ${order.number} comes to ${formatCents(order.totalCents)}. You can pay it by card here:`,
    { button: "Pay by card", href: order.link, showAddress: true },
    `${afterPayLinkNote(order.fulfilment)} This link works until the order is paid; if we send you a new one, use the newest.`,
    signature(),
  ]);
}
