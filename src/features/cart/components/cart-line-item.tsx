import { ServerImage } from "@/components/ui/server-image";
import Link from "@/components/ui/link";
import { formatCents } from "@/lib/money";
import { stockLabel, stockState } from "@/features/catalog/stock";
import { removeCartLineAction, updateCartLineAction } from "../cart.actions";
import type { CartLineView } from "../cart.queries";

const stepButton =
  "grid size-10 place-items-center rounded-md border border-navy-900/30 bg-white text-lg font-bold hover:bg-sand-100 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * One cart line. The stepper is a plain form whose − and + buttons submit the new quantity (a
 * submit button's name and value travel with the form), so it works without JavaScript.
 */
/** `discount`: the line's discount per unit and its label, from the pricing service. */
export function CartLineItem({ line, discount }: { line: CartLineView; discount?: { label: string; unitCents: number } | null }) {
  const label = line.size ? `${line.name}, size ${line.size}` : line.name;
  const overStock = line.quantity > line.maxQuantity;
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line">
      {line.imagePath ? (
        <ServerImage src={line.imagePath} alt={line.imageAlt} width={96} height={96} unoptimized={line.imagePath.startsWith("/media/")} className="size-24 shrink-0 rounded-md bg-sand-200 object-cover" />
      ) : (
        <span aria-hidden="true" className="grid size-24 shrink-0 place-items-center rounded-md bg-navy-900 text-3xl text-gold-400">
          ★
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-bold">
            {line.href ? (
              <Link href={line.href} className="hover:underline">
                {line.name}
              </Link>
            ) : (
              line.name
            )}
          </h3>
          <p className="font-semibold" data-testid="line-total">
            {formatCents(line.lineTotalCents)}
          </p>
        </div>
        <p className="text-sm text-navy-800">
          {line.size && <span>Size {line.size} · </span>}
          <span>{formatCents(line.unitPriceCents)} each</span>
          {line.stock !== null && stockState(line.stock).kind !== "in" && <span> · {stockLabel(line.stock)}</span>}
        </p>
        {discount && (
          <p className="text-sm font-semibold text-olive-700" data-testid="line-discount">
            {discount.label}: −{formatCents(discount.unitCents)} each
          </p>
        )}
        {overStock && (
          <p className="text-sm font-semibold text-red-800">
            {line.maxQuantity === 0
              ? "This item has sold out since you added it. Remove it to check out."
              : `Only ${line.maxQuantity} left now. Lower the quantity to check out.`}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-4">
          {line.plan ? (
            <p className="text-sm">Quantity 1 (one year)</p>
          ) : (
            <form action={updateCartLineAction} className="flex items-center gap-2">
              <input type="hidden" name="lineId" value={line.id} />
              <button type="submit" name="quantity" value={line.quantity - 1} className={stepButton}>
                <span aria-hidden="true">−</span>
                <span className="sr-only">Decrease quantity of {label}</span>
              </button>
              <span className="min-w-8 text-center font-semibold" data-testid="line-quantity">
                <span className="sr-only">Quantity of {label}: </span>
                {line.quantity}
              </span>
              <button type="submit" name="quantity" value={line.quantity + 1} className={stepButton}>
                <span aria-hidden="true">+</span>
                <span className="sr-only">Increase quantity of {label}</span>
              </button>
            </form>
          )}
          <form action={removeCartLineAction}>
            <input type="hidden" name="lineId" value={line.id} />
            <button type="submit" className="text-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-600">
              Remove<span className="sr-only"> {label}</span>
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}
