import "server-only";
import { and, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { orders } from "@/db/schema/orders";

/** A new account takes over the guest orders placed with its e-mail address (see ADR 0011 on the risk). */
export async function claimGuestOrders(db: Database, user: { id: string; email: string }): Promise<number> {
  try {
    const claimed = await db
      .update(orders)
      .set({ userId: user.id })
      .where(and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${user.email})`))
      .returning({ id: orders.id });
    return claimed.length;
  } catch (error) {
    console.error("Attaching guest orders to a new account failed:", error);
    return 0;
  }
}
