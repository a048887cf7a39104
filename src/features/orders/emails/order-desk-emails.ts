import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";

/** What the staff desk's e-mails to a buyer need to know about the order. */
export interface DeskEmailOrder {
  number: string;
  contactName: string;
  totalCents: number;
  fulfilment: "shipping" | "pickup" | "none";
  link: string;
}

const signature = () => `${site.name} · ${site.email} · ${site.phone}`;

/** Sent when staff record a pay-later order as paid: the buyer's receipt. */
export function paymentReceivedEmail(order: DeskEmailOrder & { membership: boolean }): { subject: string; text: string } {
  const next =
    order.fulfilment === "shipping"
      ? "We will ship your order shortly and e-mail you the tracking number."
      : order.fulfilment === "pickup"
        ? "If you have not collected your order yet, it is waiting for you at the pickup desk."
        : null;
  const text = [
    `Hello ${order.contactName},`,
    "",
    `We received your payment of ${formatCents(order.totalCents)} for order ${order.number}. Thank you!`,
    ...(order.membership ? ["Your membership upgrade has started: see it in your profile."] : []),
    ...(next ? ["", next] : []),
    "",
    `Your order: ${order.link}`,
    "",
    signature(),
  ].join("\n");
  return { subject: `Payment received for order ${order.number}`, text };
}

export function orderShippedEmail(order: DeskEmailOrder & { trackingNumber: string }): { subject: string; text: string } {
  const text = [
    `Hello ${order.contactName},`,
    "",
    `Your order ${order.number} is on its way.`,
    `Tracking number: ${order.trackingNumber}`,
    "",
    `Your order: ${order.link}`,
    "",
    signature(),
  ].join("\n");
  return { subject: `Your order ${order.number} has shipped`, text };
}

export function orderCancelledEmail(order: DeskEmailOrder): { subject: string; text: string } {
  const text = [
    `Hello ${order.contactName},`,
    "",
    `Your order ${order.number} (${formatCents(order.totalCents)}) has been cancelled. Nothing was charged for it.`,
    `If this is a surprise, or you still want the items, reply to this e-mail or call us at ${site.phone}.`,
    "",
    signature(),
  ].join("\n");
  return { subject: `Your order ${order.number} was cancelled`, text };
}

/** Sent when a card order's Checkout page expired unpaid and its items went back on the shelf. */
export function unpaidCheckoutReleasedEmail(order: DeskEmailOrder): { subject: string; text: string } {
  const text = [
    `Hello ${order.contactName},`,
    "",
    `The card payment for your order ${order.number} (${formatCents(order.totalCents)}) was not completed in time, so we cancelled the order and released its items. Nothing was charged.`,
    "If you still want them, you are welcome to order again from the shop.",
    "",
    signature(),
  ].join("\n");
  return { subject: `Your order ${order.number} was not paid and is cancelled`, text };
}

export function orderRefundedEmail(order: DeskEmailOrder): { subject: string; text: string } {
  const text = [
    `Hello ${order.contactName},`,
    "",
    `We refunded your card payment of ${formatCents(order.totalCents)} for order ${order.number}.`,
    "Your bank usually shows it within 5 to 10 business days.",
    `Questions? Reply to this e-mail or call us at ${site.phone}.`,
    "",
    signature(),
  ].join("\n");
  return { subject: `Refund for order ${order.number}`, text };
}

/** The pay-by-card link for a pay-later order: it opens a page where the buyer pays through Stripe. */
export function payLinkEmail(order: DeskEmailOrder): { subject: string; text: string } {
  const text = [
    `Hello ${order.contactName},`,
    "",
    `Your order ${order.number} comes to ${formatCents(order.totalCents)}. You can pay it by card here:`,
    order.link,
    "",
    order.fulfilment === "shipping" ? "We ship your order as soon as it is paid." : "Membership upgrades start as soon as it is paid.",
    "This link works until the order is paid; if we send you a new one, use the newest.",
    "",
    signature(),
  ].join("\n");
  return { subject: `Pay for order ${order.number} by card`, text };
}
