import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { STOCK_CHANGES_SHOWN, listStockChanges } from "@/features/catalog/catalog-desk.queries";
import { StockLedger } from "@/features/catalog/staff/components/stock-ledger";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Stock ledger" };

export default async function StockLedgerPage() {
  await requireDeskPage("/admin/stock");
  const changes = await listStockChanges(getDb());
  return (
    <>
      <StaffPageHeading title="Stock ledger">
        The latest {STOCK_CHANGES_SHOWN} stock changes of every product, newest first: what orders took and gave back, and what staff received, counted or wrote off.
      </StaffPageHeading>
      <StockLedger entries={changes} />
    </>
  );
}
