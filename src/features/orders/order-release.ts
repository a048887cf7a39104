import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { orderLines, orders } from "@/db/schema/orders";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { siteUrl } from "@/lib/env";
import * as clock from "@/lib/clock";
import { recordAudit, type Actor } from "../staff/audit";
import { orderNumber } from "./checkout.schema";
import { orderCancelledEmail, unpaidCheckoutReleasedEmail } from "./emails/order-desk-emails";

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
 * there was nothing to release; the buyer is e-mailed and the change audited otherwise.
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
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, name: orderLines.name, size: orderLines.size })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.variantId)));
  let restocked = 0;
  for (const line of lines) {
    // A variant deleted since leaves nothing to return to.
    const back = await tx.execute(sql`update product_variants set stock = stock + ${line.quantity} where id = ${line.variantId} returning id`);
    if (back.rows.length > 0) restocked += line.quantity;
  }
  await recordAudit(tx, actor, {
    action: reason === "staff" ? "order.cancel" : "order.release-unpaid",
    recordType: "order",
    recordId: order.id,
    before: { status: "awaiting_payment" },
    after: { status: "cancelled", reason, restocked: lines.map((l) => ({ item: l.size ? `${l.name} (${l.size})` : l.name, quantity: l.quantity })) },
  });
  const emailOrder = {
    number: orderNumber(order.number),
    contactName: order.contactName,
    totalCents: order.totalCents,
    fulfilment: order.fulfilment,
    link: `${siteUrl()}/shop/orders/${order.id}`,
  };
  const message = reason === "staff" ? orderCancelledEmail(emailOrder) : unpaidCheckoutReleasedEmail(emailOrder);
  await enqueueEmail(tx, { kind: "order-cancelled", to: order.email, ...message });
  return { id: order.id, number: orderNumber(order.number), restocked };
}
