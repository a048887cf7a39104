import { formatCents } from "@/lib/money";
import type { OrderView } from "../orders.queries";

/** An order's lines and totals as a table (name, size, list unit price, quantity, line total), then its discounts. */
export function OrderLinesTable({ order, caption }: { order: OrderView; caption: string }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-navy-900/15 text-sm text-navy-800">
        <tr>
          <th scope="col" className="py-2 pr-2 font-semibold">Item</th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">Price</th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">Qty</th>
          <th scope="col" className="py-2 pl-2 text-right font-semibold">Total</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-navy-900/10">
        {order.lines.map((line, i) => (
          <tr key={i}>
            <td className="py-2 pr-2">
              {line.name}
              {line.size && <span className="text-navy-800"> (size {line.size})</span>}
              {line.discountLabel && <span className="block text-sm text-navy-800">{line.discountLabel}: −{formatCents(line.unitDiscountCents)} each</span>}
            </td>
            <td className="px-2 py-2 text-right">{formatCents(line.unitPriceCents)}</td>
            <td className="px-2 py-2 text-right">{line.quantity}</td>
            <td className="py-2 pl-2 text-right">{formatCents(line.unitPriceCents * line.quantity)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t border-navy-900/15">
        <tr>
          <th scope="row" colSpan={3} className="pt-2 text-right font-normal">Subtotal</th>
          <td className="pt-2 text-right">{formatCents(order.subtotalCents)}</td>
        </tr>
        {order.discounts.map((d) => (
          <tr key={d.label} data-testid="order-discount">
            <th scope="row" colSpan={3} className="text-right font-normal">{d.label}</th>
            <td className="text-right">−{formatCents(d.amountCents)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" colSpan={3} className="text-right font-normal">Shipping</th>
          <td className="text-right">{order.shippingCents === 0 ? "Free" : formatCents(order.shippingCents)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3} className="text-right font-bold">Total</th>
          <td className="text-right font-bold" data-testid="order-total">{formatCents(order.totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
