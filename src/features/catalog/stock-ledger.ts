import type { Database } from "@/db/client";
import { stockAdjustments } from "@/db/schema/catalog";

/**
 * A stock change an order made (placed: taken; cancelled: returned), written in the order's own
 * transaction right after its conditional UPDATE, from the stock that UPDATE returned.
 */
export async function recordOrderStockChange(
  tx: Pick<Database, "insert">,
  change: { variantId: number; change: number; stockAfter: number; orderId: string; orderNumber: string; actor?: { id: string | null; email: string } },
): Promise<void> {
  await tx.insert(stockAdjustments).values({
    variantId: change.variantId,
    reason: change.change < 0 ? "order" : "order-cancelled",
    note: change.orderNumber,
    change: change.change,
    stockBefore: change.stockAfter - change.change,
    stockAfter: change.stockAfter,
    orderId: change.orderId,
    actorId: change.actor?.id ?? null,
    actorEmail: change.actor?.email ?? null,
  });
}
