import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { carts, cartLines } from "@/db/schema/cart";
import { trainingLocations } from "@/db/schema/content";
import { orderLines, orders } from "@/db/schema/orders";
import { FormError } from "@/lib/form-state";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import type { CartOwner } from "@/features/cart/cart-owner";
import { recordOrderStockChange } from "@/features/catalog/stock-ledger";
import { getPricedCart, type PricedCart } from "@/features/cart/priced-cart";
import { SHIPPING_FLAT_CENTS, orderNumber, type CheckoutInput } from "./checkout.schema";
import { orderConfirmationEmail } from "./emails/order-confirmation-email";
import { orderLink } from "./order-links";
import * as clock from "@/lib/clock";
import { recordMembershipPayment } from "@/features/memberships/membership-payment.service";

export const CART_EMPTY = "Your cart is empty. Add something from the shop first.";
export const TOTAL_CHANGED = "Your cart or our prices changed since you opened checkout. Please check the new total and confirm again.";
export const MEMBERSHIP_NEEDS_ACCOUNT = "Please sign in to buy a membership upgrade: it is added to your account.";
export const ORDER_KEY_TAKEN = "This checkout form was already used. Please reload the page.";

export type PaymentChoice = "pay_later" | "stripe";

export interface PlacedOrder {
  id: string;
  number: string;
  paymentMethod: PaymentChoice;
  /** False when the idempotency key found an order placed by an earlier submit. */
  created: boolean;
}

/** Thrown inside the transaction so it rolls back; turned into a clear message outside it. */
class SoldOut extends Error {
  constructor(readonly line: PricedCart["lines"][number]) {
    super("sold out");
  }
}

class AlreadyPlaced extends Error {}

export function soldOutMessage(line: Pick<PricedCart["lines"][number], "name" | "size">, left: number): string {
  const name = line.size ? `${line.name} (size ${line.size})` : line.name;
  return left > 0
    ? `Sorry, only ${left} of ${name} left: someone else bought the rest while you were checking out. Nothing was charged; please lower the quantity in your cart.`
    : `Sorry, ${name} is out of stock: it sold out while you were checking out. Nothing was charged; please remove it from your cart.`;
}

function ownerMatches(order: { userId: string | null; guestTokenHash: string | null }, owner: CartOwner): boolean {
  return owner.kind === "member" ? order.userId === owner.userId : order.guestTokenHash === owner.tokenHash;
}

async function findByKey(db: DbOrTransaction, key: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, userId: orders.userId, guestTokenHash: orders.guestTokenHash, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row;
}

/**
 * Places the order in ONE transaction: re-reads the cart with today's prices, prices it again with the
 * buyer's plan and verification read now (a lapsed membership or an expired verification gives no
 * discount) and compares the total with what the buyer saw; takes each item's stock with a conditional UPDATE … WHERE stock >= qty
 * (the CHECK constraint backs it up); snapshots names and prices into order lines; empties the cart;
 * writes the confirmation email to the outbox. The idempotency key makes a double submit or a retried
 * request return the first order instead of creating a second.
 */
export async function placeOrder(db: Database, owner: CartOwner, input: CheckoutInput, payment: PaymentChoice): Promise<PlacedOrder> {
  const earlier = await findByKey(db, input.idempotencyKey);
  if (earlier) return existingOrder(earlier, owner);

  let placed: PlacedOrder;
  try {
    placed = await db.transaction(async (tx) => {
      const [cart] = await tx
        .select({ id: carts.id })
        .from(carts)
        .where(owner.kind === "member" ? eq(carts.userId, owner.userId) : eq(carts.tokenHash, owner.tokenHash))
        .for("update");
      const view = await getPricedCart(tx, owner);
      if (!cart || view.lines.length === 0) {
        // A double submit that waited for the first one's lock finds the cart emptied by it.
        if (await findByKey(tx, input.idempotencyKey)) throw new AlreadyPlaced();
        throw new FormError(CART_EMPTY);
      }
      if (view.lines.some((l) => l.plan) && owner.kind !== "member") throw new FormError(MEMBERSHIP_NEEDS_ACCOUNT);

      const physical = view.lines.some((l) => !l.plan);
      const fulfilment = physical ? input.fulfilment : "none";
      if (!fulfilment) throw new FormError("Choose shipping or pickup.", "fulfilment");
      let pickupName: string | undefined;
      if (fulfilment === "pickup") {
        const [location] = await tx.select().from(trainingLocations).where(eq(trainingLocations.id, input.pickupLocationId ?? 0));
        if (!location) throw new FormError("Choose where you will pick up your order.", "pickupLocationId");
        pickupName = `${location.name}, ${location.street}, ${location.city}, ${location.region} ${location.postalCode}`;
      }
      const { pricing } = view;
      const shippingCents = fulfilment === "shipping" ? SHIPPING_FLAT_CENTS : 0;
      const totalCents = pricing.subtotalCents + shippingCents;
      // The items' subtotal after discounts the buyer saw on the checkout page (shipping follows from their choice).
      if (pricing.subtotalCents !== input.expectedSubtotalCents) throw new FormError(TOTAL_CHANGED);

      const shipping = fulfilment === "shipping";
      const [order] = await tx
        .insert(orders)
        .values({
          userId: owner.kind === "member" ? owner.userId : null,
          guestTokenHash: owner.kind === "visitor" ? owner.tokenHash : null,
          email: input.email,
          contactName: input.name,
          phone: input.phone,
          fulfilment,
          shipLine1: shipping ? input.shipLine1 : null,
          shipLine2: shipping ? input.shipLine2 : null,
          shipCity: shipping ? input.shipCity : null,
          shipRegion: shipping ? input.shipRegion : null,
          shipPostalCode: shipping ? input.shipPostalCode : null,
          pickupLocationId: fulfilment === "pickup" ? input.pickupLocationId : null,
          subtotalCents: pricing.listSubtotalCents,
          memberPricingCents: pricing.memberPricingCents,
          verificationDiscountCents: pricing.verificationDiscountCents,
          shippingCents,
          totalCents,
          paymentMethod: payment,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning({ id: orders.id, number: orders.number });
      if (!order) throw new AlreadyPlaced();

      for (const line of view.lines) {
        if (line.variantId === null) continue;
        const taken = await tx.execute<{ stock: number }>(
          sql`update product_variants set stock = stock - ${line.quantity}
              where id = ${line.variantId} and stock >= ${line.quantity}
                and not exists (select 1 from products where products.id = product_variants.product_id and (products.archived_at is not null or products.draft))
              returning stock`,
        );
        const [left] = taken.rows;
        if (!left) throw new SoldOut(line);
        await recordOrderStockChange(tx, { variantId: line.variantId, change: -line.quantity, stockAfter: Number(left.stock), orderId: order.id, orderNumber: orderNumber(order.number) });
      }
      await tx.insert(orderLines).values(
        pricing.lines.map((l) => ({
          orderId: order.id,
          variantId: l.variantId,
          membershipPlan: l.plan,
          name: l.name,
          size: l.size,
          imagePath: l.imagePath,
          unitPriceCents: l.unitPriceCents,
          quantity: l.quantity,
          unitDiscountCents: l.price.unitDiscountCents,
          discountKind: l.price.discount?.kind ?? null,
          discountTenths: l.price.discount?.tenths ?? null,
          discountBasis: l.price.discount?.basis ?? null,
        })),
      );
      await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));

      const number = orderNumber(order.number);
      const delivery =
        fulfilment === "shipping"
          ? `Ships to: ${[input.name, input.shipLine1, input.shipLine2, `${input.shipCity}, ${input.shipRegion} ${input.shipPostalCode}`].filter(Boolean).join(", ")}`
          : fulfilment === "pickup"
            ? `Pick up at: ${pickupName}`
            : null;
      await enqueueEmail(tx, {
        kind: "order-confirmation",
        to: input.email,
        ...orderConfirmationEmail({
          number, contactName: input.name, lines: view.lines, subtotalCents: pricing.listSubtotalCents, discounts: pricing.discountLines, shippingCents, totalCents,
          fulfilment, delivery, payment, link: orderLink(order.id),
        }),
      });
      return { id: order.id, number, paymentMethod: payment, created: true };
    });
  } catch (error) {
    if (error instanceof AlreadyPlaced) {
      const first = await findByKey(db, input.idempotencyKey);
      if (first) return existingOrder(first, owner);
      throw new FormError(ORDER_KEY_TAKEN);
    }
    if (error instanceof SoldOut) {
      const [row] = await db
        .execute<{ stock: number }>(
          sql`select case when products.archived_at is null and not products.draft then product_variants.stock else 0 end as stock
              from product_variants join products on products.id = product_variants.product_id where product_variants.id = ${error.line.variantId}`,
        )
        .then((r) => r.rows);
      throw new FormError(soldOutMessage(error.line, Number(row?.stock ?? 0)));
    }
    throw error;
  }
  void kickEmailDelivery();
  return placed;
}

function existingOrder(row: NonNullable<Awaited<ReturnType<typeof findByKey>>>, owner: CartOwner): PlacedOrder {
  if (!ownerMatches(row, owner)) throw new FormError(ORDER_KEY_TAKEN);
  return { id: row.id, number: orderNumber(row.number), paymentMethod: row.paymentMethod, created: false };
}

/**
 * Marks an order paid (Stripe's webhook, the staff desk) and starts or renews any membership it bought
 * (`recordMembershipPayment`: a year added to the later of the payment and the current expiry, and the
 * membership receipt queued) in the same transaction. Only an order awaiting payment
 * changes; returns whether it did.
 */
export async function markOrderPaid(db: DbOrTransaction, orderId: string, paidAt = clock.now()): Promise<boolean> {
  const [order] = await db
    .update(orders)
    .set({ status: "paid", paidAt })
    .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment")))
    .returning({ id: orders.id, userId: orders.userId, number: orders.number, email: orders.email, contactName: orders.contactName });
  if (!order) return false;
  const [line] = await db
    .select({ plan: orderLines.membershipPlan, unitPriceCents: orderLines.unitPriceCents, unitDiscountCents: orderLines.unitDiscountCents, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.membershipPlan} is not null`));
  if (line?.plan && order.userId) {
    await recordMembershipPayment(db, {
      userId: order.userId,
      orderId,
      to: order.email,
      memberName: order.contactName,
      orderNumber: orderNumber(order.number),
      plan: line.plan,
      // What was paid for the dues: after a verified service discount (ADR 0019).
      paidCents: (line.unitPriceCents - line.unitDiscountCents) * line.quantity,
      paidAt,
    });
  }
  return true;
}
