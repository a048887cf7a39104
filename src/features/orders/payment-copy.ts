import { site } from "@/lib/site";

/**
 * What the buyer is told about paying, in the confirmation email and on the order page alike, for
 * each way an order is delivered: a shipped order is never told to pay at pickup, and an order of
 * membership upgrades alone has nothing to pick up.
 */
export type Fulfilment = "shipping" | "pickup" | "none";
export type PaymentMethod = "pay_later" | "stripe";
/** Where the words are read: an email can be answered, a page cannot. */
export type ShownIn = "email" | "page";

/** An order placed to pay later (no card payment online): how it gets paid. */
export function payLaterNote(fulfilment: Fulfilment, shownIn: ShownIn = "email"): string {
  switch (fulfilment) {
    case "shipping":
      return "We will email you how to pay, and ship your order once it is paid.";
    case "pickup":
      return "Pay by card or cash at the desk when you pick up your order.";
    case "none":
      return `Pay by card or cash at our desk (${shownIn === "email" ? "reply to this email" : `call us at ${site.phone}`} to arrange it). Your membership upgrade starts once it is paid.`;
  }
}

/** The confirmation email's payment line. */
export function confirmationPaymentNote(payment: PaymentMethod, fulfilment: Fulfilment): string {
  if (payment === "stripe") return "Payment: by card through Stripe. If the payment does not go through, we email you.";
  return `Payment: ${payLaterNote(fulfilment)}`;
}
