import { parseDatabaseId } from "@/lib/database-id";
import { addToCartOutcomes } from "./cart.messages";
import type { AddToCartOutcome } from "./cart.schema";

/** `path` with `?cart=<outcome>&variant=<id>` (replacing any earlier ones), for the no-JS confirmation. */
export function withCartNotice(path: string, outcome: AddToCartOutcome, variantId: number | undefined): string {
  const url = new URL(path, "http://same.site");
  url.searchParams.set("cart", outcome);
  if (variantId !== undefined) url.searchParams.set("variant", String(variantId));
  else url.searchParams.delete("variant");
  return `${url.pathname}${url.search}${url.hash}`;
}

export function readCartNotice(params: Record<string, string | string[] | undefined>): { outcome: AddToCartOutcome; variantId?: number } | undefined {
  const outcome = addToCartOutcomes.find((o) => o === params.cart);
  if (!outcome) return undefined;
  return { outcome, variantId: parseDatabaseId(params.variant) };
}
