import type { AddToCartOutcome } from "./cart.schema";

export interface VariantLabel {
  name: string;
  size: string | null;
  stock: number;
}

function itemName({ name, size }: VariantLabel): string {
  return size ? `${name} (size ${size})` : name;
}

/** What the add-to-cart status line says, with or without JavaScript. */
export function addToCartMessage(outcome: AddToCartOutcome, label: VariantLabel | undefined): string {
  if (!label || outcome === "invalid") return "Please choose an available size.";
  switch (outcome) {
    case "added":
      return `Added ${itemName(label)} to your cart.`;
    case "limited":
      return `Only ${label.stock} of ${itemName(label)} in stock: your cart already holds all of them.`;
    case "out-of-stock":
      return `Sorry, ${itemName(label)} is out of stock.`;
  }
}

export const addToCartOutcomes: readonly AddToCartOutcome[] = ["added", "limited", "out-of-stock", "invalid"];
