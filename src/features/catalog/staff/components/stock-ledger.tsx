import { DeskTable, type DeskColumn } from "@/components/staff/desk-table";
import Link from "@/components/ui/link";
import { formatShortDateTimeZone } from "@/lib/time";
import type { LedgerEntry, StockChange } from "../../catalog-desk.queries";
import { STOCK_REASON_LABELS } from "../../catalog-desk.schema";

const reasonLabel = (reason: LedgerEntry["reason"]) => STOCK_REASON_LABELS[reason].replace(/ \(.*\)$/, "");
const signed = (change: number) => (change > 0 ? `+${change}` : String(change));

type Entry = LedgerEntry | StockChange;

const productColumn: DeskColumn<Entry> = {
  header: "Product",
  cell: (entry) =>
    "productId" in entry && (
      <Link href={`/admin/catalog/${entry.productId}`} className="break-words text-navy-900 underline underline-offset-2">
        {entry.productName}
      </Link>
    ),
};

/**
 * Stock changes, newest first: one product's (its page), or every product's with a column naming each
 * (the stock ledger desk).
 */
export function StockLedger({ entries }: { entries: LedgerEntry[] | StockChange[] }) {
  const withProduct = entries.some((entry) => "productId" in entry);
  return (
    // Focusable, so a keyboard can scroll it sideways where it is a table (from 640 px; on a phone, cards).
    <DeskTable<Entry>
      cards
      look="compact"
      frame="scroll"
      scrollLabel="Stock changes table"
      caption="Stock changes, newest first"
      rows={entries}
      rowKey={(entry) => entry.id}
      rowClassName="align-top"
      rowTestId="ledger-row"
      empty={<p>No stock changes recorded yet.</p>}
      columns={[
        { header: "When", className: "whitespace-nowrap", cell: (entry) => formatShortDateTimeZone(entry.at) },
        ...(withProduct ? [productColumn] : []),
        { header: "Size", cell: (entry) => entry.size ?? "One size" },
        {
          header: "Reason",
          cell: (entry) => (
            <>
              {reasonLabel(entry.reason)}
              {entry.note && <span className="block break-words text-navy-700">{entry.note}</span>}
            </>
          ),
        },
        { header: "Change", className: "whitespace-nowrap", cell: (entry) => signed(entry.change) },
        {
          header: "Stock",
          className: "whitespace-nowrap",
          cell: (entry) => (
            <>
              {entry.stockBefore} → {entry.stockAfter}
            </>
          ),
        },
        { header: "Who", className: "break-all", cell: (entry) => entry.actorEmail ?? "—" },
      ]}
    />
  );
}
