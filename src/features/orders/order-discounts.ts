import { basisLabel, discountLabel, type DiscountKind } from "@/features/pricing/pricing-rates";

/** An order line's stored discount snapshot. */
export interface StoredLineDiscount {
  quantity: number;
  unitDiscountCents: number;
  discountKind: DiscountKind | null;
  discountTenths: number | null;
  discountBasis: string | null;
}

/** The label of a stored line's discount, or null when it had none. */
export function storedDiscountLabel(line: StoredLineDiscount): string | null {
  if (line.unitDiscountCents <= 0 || !line.discountKind || line.discountTenths === null) return null;
  return discountLabel(line.discountKind, basisLabel(line.discountKind, line.discountBasis ?? ""), line.discountTenths);
}

/** An order's discount lines from its lines, grouped by label, member pricing first. */
export function groupDiscounts(
  lines: { quantity: number; unitDiscountCents: number; discountKind: DiscountKind | null; discountLabel: string | null }[],
): { kind: DiscountKind; label: string; amountCents: number }[] {
  const groups = new Map<string, { kind: DiscountKind; label: string; amountCents: number }>();
  for (const line of lines) {
    if (!line.discountLabel || !line.discountKind || line.unitDiscountCents <= 0) continue;
    const group = groups.get(line.discountLabel) ?? { kind: line.discountKind, label: line.discountLabel, amountCents: 0 };
    group.amountCents += line.unitDiscountCents * line.quantity;
    groups.set(line.discountLabel, group);
  }
  return [...groups.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "member-pricing" ? -1 : 1));
}
