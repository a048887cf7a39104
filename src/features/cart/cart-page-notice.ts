import type { CartView } from "./cart.queries";

/** The status line the cart page shows after a stepper, remove or upgrade post (?notice=…&line=…). */
export function cartPageNotice(params: Record<string, string | string[] | undefined>, cart: CartView): { text: string; ok: boolean } | undefined {
  const line = cart.lines.find((l) => String(l.id) === params.line);
  const name = line ? (line.size ? `${line.name} (size ${line.size})` : line.name) : "that item";
  switch (params.notice) {
    case "updated":
      return { text: line ? `${name}: quantity ${line.quantity}.` : "Your cart was updated.", ok: true };
    case "capped":
      return line
        ? { text: `Only ${line.maxQuantity} of ${name} in stock: your cart holds the most we can sell.`, ok: false }
        : { text: "That quantity is more than we have in stock.", ok: false };
    case "removed":
      return { text: "Removed from your cart.", ok: true };
    case "membership":
      return { text: "Membership upgrade added to your cart.", ok: true };
    case "invalid-quantity":
      return { text: "Please enter a quantity between 0 and 20.", ok: false };
    case "failed":
      return { text: "Something went wrong on our side and your cart was not changed. Please try again.", ok: false };
    case "sold-out":
      return { text: "Some items sold out before your order went through. Your cart shows what is left.", ok: false };
    default:
      return undefined;
  }
}
