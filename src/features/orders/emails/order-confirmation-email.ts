import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { confirmationPaymentNote, type Fulfilment, type PaymentMethod } from "../payment-copy";

export interface ConfirmationEmailOrder {
  number: string;
  contactName: string;
  lines: { name: string; size: string | null; quantity: number; unitPriceCents: number }[];
  /** The items at list prices. */
  subtotalCents: number;
  /** Member pricing and the verified service discount, each its own line (ADR 0019). */
  discounts?: { label: string; amountCents: number }[];
  shippingCents: number;
  totalCents: number;
  fulfilment: Fulfilment;
  /** "Ships to …" or "Pick up at …", or null when there is nothing to hand over. */
  delivery: string | null;
  payment: PaymentMethod;
  /** The order's page with its key (order-links.ts): it opens in any browser. */
  link: string;
}

/** The order confirmation: the receipt of what was ordered, how it is handed over and paid, and its link. */
export function orderConfirmationEmail(order: ConfirmationEmailOrder): ComposedEmail {
  return composeEmail(`Your order ${order.number} is confirmed`, [
    `Hello ${order.contactName},`,
    `Thank you for your order ${order.number} from the ${site.name} shop. Every purchase supports our programs.`,
    { lines: order.lines.map((l) => `${l.quantity} × ${l.name}${l.size ? ` (size ${l.size})` : ""} — ${formatCents(l.unitPriceCents * l.quantity)}`) },
    {
      lines: [
        `Subtotal: ${formatCents(order.subtotalCents)}`,
        ...(order.discounts ?? []).map((d) => `${d.label}: −${formatCents(d.amountCents)}`),
        `Shipping: ${order.shippingCents === 0 ? "free" : formatCents(order.shippingCents)}`,
        `Total: ${formatCents(order.totalCents)}`,
      ],
    },
    ...(order.delivery ? [order.delivery] : []),
    confirmationPaymentNote(order.payment, order.fulfilment),
    { button: "Your order", href: order.link },
    "This link opens your order on any device, so keep it to yourself.",
    signature(),
  ]);
}
