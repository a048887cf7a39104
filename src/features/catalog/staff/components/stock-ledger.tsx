import Link from "@/components/ui/link";
import { formatShortDateTimeZone } from "@/lib/time";
import type { LedgerEntry, StockChange } from "../../catalog-desk.queries";
import { STOCK_REASON_LABELS } from "../../catalog-desk.schema";

const reasonLabel = (reason: LedgerEntry["reason"]) => STOCK_REASON_LABELS[reason].replace(/ \(.*\)$/, "");
const signed = (change: number) => (change > 0 ? `+${change}` : String(change));

/**
 * Stock changes, newest first: one product's (its page), or every product's with a column naming each
 * (the stock ledger desk).
 */
export function StockLedger({ entries }: { entries: LedgerEntry[] | StockChange[] }) {
  const withProduct = entries.some((entry) => "productId" in entry);
  if (entries.length === 0) return <p>No stock changes recorded yet.</p>;
  return (
    // Focusable, so a keyboard can scroll it sideways on a phone.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Stock changes table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stock changes, newest first</caption>
        <thead className="bg-sand-100">
          <tr>
            <th scope="col" className="px-2 py-2">When</th>
            {withProduct && <th scope="col" className="px-2 py-2">Product</th>}
            <th scope="col" className="px-2 py-2">Size</th>
            <th scope="col" className="px-2 py-2">Reason</th>
            <th scope="col" className="px-2 py-2">Change</th>
            <th scope="col" className="px-2 py-2">Stock</th>
            <th scope="col" className="px-2 py-2">Who</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="ledger-row" className="align-top">
              <td className="px-2 py-2 whitespace-nowrap">{formatShortDateTimeZone(entry.at)}</td>
              {"productId" in entry && (
                <td className="px-2 py-2">
                  <Link href={`/admin/catalog/${entry.productId}`} className="break-words text-navy-900 underline underline-offset-2">
                    {entry.productName}
                  </Link>
                </td>
              )}
              <td className="px-2 py-2">{entry.size ?? "One size"}</td>
              <td className="px-2 py-2">
                {reasonLabel(entry.reason)}
                {entry.note && <span className="block break-words text-navy-700">{entry.note}</span>}
              </td>
              <td className="px-2 py-2 whitespace-nowrap">{signed(entry.change)}</td>
              <td className="px-2 py-2 whitespace-nowrap">
                {entry.stockBefore} → {entry.stockAfter}
              </td>
              <td className="px-2 py-2 break-all">{entry.actorEmail ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
