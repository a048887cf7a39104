/**
 * A double-clicked membership upgrade on the real PostgreSQL: both clicks run at once, each in its own
 * transaction on its own pooled connection, for 10 members together.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartLines, carts } from "@/db/schema/cart";
import { testDb } from "../../../test/db";
import { createMembers } from "../../../test/events";
import type { PaidPlan } from "@/features/memberships/membership-plans.service";
import { addMembershipToCart } from "./cart.service";

async function planLinesOf(userIds: string[]) {
  return testDb()
    .select({ userId: carts.userId, plan: cartLines.membershipPlan, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(inArray(carts.userId, userIds));
}

async function doubleClickAll(userIds: string[], plan: PaidPlan) {
  const clicks = userIds.flatMap((id) => [addMembershipToCart(testDb(), id, plan), addMembershipToCart(testDb(), id, plan)]);
  return Promise.allSettled(clicks);
}

describe("a double-clicked membership upgrade", () => {
  it("never fails, and leaves exactly one plan line in each member's cart (10 pairs at once, no cart yet)", async () => {
    const members = (await createMembers(10, "double-click")).map((m) => m.id);
    const results = await doubleClickAll(members, "premium");
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const lines = await planLinesOf(members);
    expect(lines).toHaveLength(10);
    for (const id of members) expect(lines.filter((l) => l.userId === id)).toEqual([{ userId: id, plan: "premium", quantity: 1 }]);
  });

  it("replaces an earlier plan when both clicks ask for another one (10 pairs at once)", async () => {
    const members = (await createMembers(10, "switch")).map((m) => m.id);
    for (const id of members) await addMembershipToCart(testDb(), id, "premium");
    const results = await doubleClickAll(members, "elite");
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const lines = await planLinesOf(members);
    expect(lines).toHaveLength(10);
    for (const id of members) expect(lines.filter((l) => l.userId === id)).toEqual([{ userId: id, plan: "elite", quantity: 1 }]);
  });
});
