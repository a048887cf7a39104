import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";

export interface ConfirmationEmailOrder {
  number: string;
  contactName: string;
  lines: { name: string; size: string | null; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** "Ships to …" or "Pick up at …", or null when there is nothing to hand over. */
  delivery: string | null;
  payment: "pay_later" | "stripe";
  link: string;
}

/** The order confirmation: plain text only (it is a receipt, and every mail client shows it well). */
export function orderConfirmationEmail(order: ConfirmationEmailOrder): { subject: string; text: string } {
  const lines = order.lines.map(
    (l) => `  ${l.quantity} × ${l.name}${l.size ? ` (size ${l.size})` : ""} — ${formatCents(l.unitPriceCents * l.quantity)}`,
  );
  const payment =
    order.payment === "pay_later"
      ? "Payment: pay at pickup (cash or card at the desk). For shipped orders we e-mail you how to pay and ship once it is paid."
      : "Payment: by card through Stripe. We e-mail again if the payment does not go through.";
  const text = [
    `Hello ${order.contactName},`,
    "",
    `Thank you for your order ${order.number} from the ${site.name} shop. Every purchase supports our programs.`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatCents(order.subtotalCents)}`,
    `Shipping: ${order.shippingCents === 0 ? "free" : formatCents(order.shippingCents)}`,
    `Total: ${formatCents(order.totalCents)}`,
    "",
    ...(order.delivery ? [order.delivery, ""] : []),
    payment,
    "",
    `Your order: ${order.link}`,
    "",
    `${site.name} · ${site.email} · ${site.phone}`,
  ].join("\n");
  return { subject: `Your order ${order.number} is confirmed`, text };
}
