/** One size of a product (or the one variant of a one-size product) and how many are left. */
export interface VariantSummary {
  id: number;
  /** "M", or null for a one-size product. */
  size: string | null;
  stock: number;
}

/** At or below this many, a size or item says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = { kind: "out" } | { kind: "low"; left: number } | { kind: "in" };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "out" };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: "low", left: stock };
  return { kind: "in" };
}

export function stockLabel(stock: number): string {
  const state = stockState(stock);
  if (state.kind === "out") return "Out of stock";
  if (state.kind === "low") return `Only ${state.left} left`;
  return "In stock";
}
