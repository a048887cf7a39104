import { describe, expect, it } from "vitest";
import { orderConfirmationEmail, type ConfirmationEmailOrder } from "./order-confirmation-email";
import {
  orderCancelledEmail,
  orderRefundedEmail,
  orderShippedEmail,
  payLinkEmail,
  paymentReceivedEmail,
  unpaidCheckoutReleasedEmail,
  type DeskEmailOrder,
} from "./order-desk-emails";
import { payLaterNote } from "../payment-copy";
import { siteUrl } from "@/lib/env";

/**
 * What every order email tells the buyer, for each way of delivery and payment: a shipped order is
 * never told to pay or collect at pickup, an order of membership upgrades alone has nothing to collect,
 * and a card order is never told to pay at the desk.
 */

const FULFILMENTS = ["shipping", "pickup", "none"] as const;
const PAYMENTS = ["pay_later", "stripe"] as const;
const LINK = "https://vanguard.test/shop/orders/0b0c6d0e-1111-4222-8333-944445555666?key=k";

const PICKUP_WORDS = /pick ?up|collect/i;
const DESK_PAYMENT = /at the desk|at our desk|cash/i;

function confirmation(fulfilment: (typeof FULFILMENTS)[number], payment: (typeof PAYMENTS)[number]): ConfirmationEmailOrder {
  return {
    number: "VVA-1001",
    contactName: "Jordan Hayes",
    lines: [{ name: fulfilment === "none" ? "Premium membership (1 year)" : "Tactical Cap", size: null, quantity: 1, unitPriceCents: 2500 }],
    subtotalCents: 2500,
    shippingCents: fulfilment === "shipping" ? 795 : 0,
    totalCents: fulfilment === "shipping" ? 3295 : 2500,
    fulfilment,
    delivery: fulfilment === "shipping" ? "Ships to: Jordan Hayes, 1 Main St, Austin, TX 78701" : fulfilment === "pickup" ? "Pick up at: Liberty Range, Bulverde, TX" : null,
    payment,
    link: LINK,
  };
}

describe("the order confirmation, for every delivery and payment", () => {
  for (const fulfilment of FULFILMENTS) {
    for (const payment of PAYMENTS) {
      it(`${fulfilment}, ${payment}: says how it is paid and handed over, truthfully, in both parts`, () => {
        const mail = orderConfirmationEmail(confirmation(fulfilment, payment));
        for (const part of [mail.text, mail.html]) {
          if (fulfilment !== "pickup") expect(part).not.toMatch(PICKUP_WORDS);
          if (payment === "stripe") {
            expect(part).toContain("Payment: by card through Stripe.");
            expect(part).not.toMatch(DESK_PAYMENT);
          }
        }
        if (payment === "pay_later") expect(mail.text).toContain(`Payment: ${payLaterNote(fulfilment)}`);
        if (fulfilment === "pickup") expect(mail.text).toContain("Pick up at: Liberty Range");
        expect(mail.text).toContain(`Your order: ${LINK}`);
        expect(mail.html).toContain(`href="${LINK}"`);
      });
    }
  }

  it("pay later: at the desk when picking up; by emailed instructions when shipped; at the desk for a membership alone", () => {
    expect(payLaterNote("pickup")).toBe("Pay by card or cash at the desk when you pick up your order.");
    expect(payLaterNote("shipping")).toBe("We will email you how to pay, and ship your order once it is paid.");
    expect(payLaterNote("none")).toMatch(/^Pay by card or cash at our desk .*membership upgrade starts once it is paid\.$/);
  });
});

describe("the desk's emails, for every delivery", () => {
  for (const fulfilment of FULFILMENTS) {
    it(`${fulfilment}: never speaks of pickup unless the order is picked up`, () => {
      const order: DeskEmailOrder = { number: "VVA-1001", contactName: "Jordan", totalCents: 2500, fulfilment, link: LINK };
      const mails = [
        paymentReceivedEmail({ ...order, membership: fulfilment === "none" }),
        orderShippedEmail({ ...order, trackingNumber: "1Z" }),
        orderCancelledEmail(order),
        unpaidCheckoutReleasedEmail(order),
        orderRefundedEmail(order),
        payLinkEmail(order),
      ];
      for (const mail of mails) {
        if (fulfilment !== "pickup") expect(`${mail.subject}\n${mail.text}`).not.toMatch(PICKUP_WORDS);
        expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      }
      const payLink = payLinkEmail(order).text;
      if (fulfilment === "shipping") expect(payLink).toContain("We ship your order as soon as it is paid.");
      if (fulfilment === "pickup") expect(payLink).toContain("Once it is paid, collect your order at the pickup desk.");
      if (fulfilment === "none") expect(payLink).toContain("Your membership upgrade starts as soon as it is paid.");
    });
  }
});

describe("every email that names a page links to it, and copy fits where it is shown", () => {
  const order: DeskEmailOrder = { number: "VVA-1001", contactName: "Jordan", totalCents: 9900, fulfilment: "none", link: LINK };
  const site = siteUrl();

  it("payment received for a membership: the profile's Membership tab, linked in both parts", () => {
    const mail = paymentReceivedEmail({ ...order, membership: true });
    expect(mail.text).toContain(`see it in your profile at ${site}/profile?tab=membership`);
    expect(mail.html).toContain(`href="${site}/profile?tab=membership"`);
  });

  it("an unpaid card order released: the shop, linked", () => {
    const mail = unpaidCheckoutReleasedEmail({ ...order, fulfilment: "pickup" });
    expect(mail.text).toContain(`order again from the shop: ${site}/shop`);
    expect(mail.html).toContain(`href="${site}/shop"`);
  });

  it("shipped: the carrier's tracking page when the carrier is certain, and no link otherwise", () => {
    const ups = orderShippedEmail({ ...order, fulfilment: "shipping", trackingNumber: "1Z999AA10123456784" });
    expect(ups.text).toContain("Follow it on the UPS website: https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(ups.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    const unknown = orderShippedEmail({ ...order, fulfilment: "shipping", trackingNumber: "LOCAL-42" });
    expect(unknown.text).toContain("Tracking number: LOCAL-42");
    expect(unknown.text).not.toContain("Follow it on");
  });

  it("a membership alone, paid later: the email says reply, the page (which cannot be replied to) gives the phone number", () => {
    expect(payLaterNote("none", "email")).toContain("reply to this email to arrange it");
    expect(payLaterNote("none", "page")).not.toMatch(/email/);
    expect(payLaterNote("none", "page")).toMatch(/^Pay by card or cash at our desk \(call us at .+ to arrange it\)\./);
  });
});
