import { formatCents } from "@/lib/money";
import type { DiscountLine } from "../pricing.service";

/** An order's discounts, each its own line: "Member pricing (Premium, 10%) −$4.50". */
export function DiscountLines({ lines, className = "" }: { lines: Pick<DiscountLine, "label" | "amountCents">[]; className?: string }) {
  return (
    <span className={`block ${className}`}>
      {lines.map((d) => (
        <span key={d.label} className="block text-olive-700" data-testid="discount-line">
          {d.label} <span className="font-semibold">−{formatCents(d.amountCents)}</span>
        </span>
      ))}
    </span>
  );
}
