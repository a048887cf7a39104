import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { orderLines, orders } from "@/db/schema/orders";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import * as clock from "@/lib/clock";
import { recordOrderStockChange } from "@/features/catalog/stock-ledger";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { orderNumber } from "./checkout.schema";
import { orderCancelledEmail, unpaidCheckoutReleasedEmail } from "./emails/order-desk-emails";
import { orderLink } from "./order-links";

/** The site itself, in the audit log, when it releases a card order nobody paid. */
export const SYSTEM_ACTOR: Actor = { id: null, email: "system (unpaid card checkout)" };

export type ReleaseReason = "staff" | "checkout-expired" | "checkout-timeout";

export interface ReleasedOrder {
  id: string;
  number: string;
  restocked: number;
}

/**
 * Cancels an order that is not paid yet and returns its items to stock, exactly once: the status
 * changes with one conditional UPDATE … RETURNING in the caller's transaction, so a double submit,
 * two staff at once, or Stripe's expiry racing a staff cancel find nothing left and return nothing
 * twice. `onlyCardSession` limits it to a card order whose current Checkout session is that one
 * (a pay-later order, or a buyer who opened a newer session, is left alone). Returns null when
 * there was nothing to release; the buyer is emailed and the change audited otherwise.
 */
export async function releaseUnpaidOrder(
  tx: DbOrTransaction,
  orderId: string,
  { actor = SYSTEM_ACTOR, onlyCardSession, reason }: { actor?: Actor; onlyCardSession?: string; reason: ReleaseReason },
): Promise<ReleasedOrder | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: clock.now() })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "awaiting_payment"),
        isNull(orders.pickedUpAt),
        isNull(orders.shippedAt),
        onlyCardSession ? and(eq(orders.paymentMethod, "stripe"), eq(orders.stripeSessionId, onlyCardSession)) : undefined,
      ),
    )
    .returning();
  if (!order) return null;
  const returned = await returnOrderToStock(tx, { id: order.id, number: order.number }, actor);
  await recordAudit(tx, actor, {
    action: reason === "staff" ? "order.cancel" : "order.release-unpaid",
    recordType: "order",
    recordId: order.id,
    before: { status: "awaiting_payment" },
    after: { status: "cancelled", reason, restocked: returned },
  });
  const emailOrder = {
    number: orderNumber(order.number),
    contactName: order.contactName,
    totalCents: order.totalCents,
    fulfilment: order.fulfilment,
    link: orderLink(order.id),
  };
  const message = reason === "staff" ? orderCancelledEmail(emailOrder) : unpaidCheckoutReleasedEmail(emailOrder);
  await enqueueEmail(tx, { kind: "order-cancelled", to: order.email, ...message });
  return { id: order.id, number: orderNumber(order.number), restocked: returned.reduce((sum, line) => sum + line.quantity, 0) };
}

/**
 * Puts an order's items back on the shelf, inside the caller's transaction (whose conditional
 * status change makes it happen once), each change written to the stock ledger. Returns what went
 * back; a variant deleted since takes nothing.
 */
export async function returnOrderToStock(
  tx: DbOrTransaction,
  order: { id: string; number: number },
  actor: Actor,
  { refund = false }: { refund?: boolean } = {},
): Promise<{ item: string; quantity: number }[]> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, name: orderLines.name, size: orderLines.size })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.variantId)));
  const returned: { item: string; quantity: number }[] = [];
  for (const line of lines) {
    if (line.variantId === null) continue;
    const back = await tx.execute<{ stock: number }>(sql`update product_variants set stock = stock + ${line.quantity} where id = ${line.variantId} returning stock`);
    const [row] = back.rows;
    if (!row) continue;
    returned.push({ item: line.size ? `${line.name} (${line.size})` : line.name, quantity: line.quantity });
    await recordOrderStockChange(tx, {
      variantId: line.variantId,
      change: line.quantity,
      stockAfter: Number(row.stock),
      orderId: order.id,
      orderNumber: orderNumber(order.number),
      actor,
      refund,
    });
  }
  return returned;
}
