import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { carts } from "@/db/schema/cart";
import { getAuth } from "@/lib/auth/auth";
import { createProduct, setStock, variantId } from "../../../test/shop";
import { registerConfirmedMember } from "../../../test/members";
import { signInMember } from "../members/members.service";
import type { CartOwner } from "./cart-owner";
import { getCart, getCartCount } from "./cart.queries";
import { addMembershipToCart, addToCart, mergeVisitorCart, removeLine, setLineQuantity } from "./cart.service";
import { CART_COOKIE, hashCartToken, newCartToken } from "./cart-token";

const visitor = (): { owner: CartOwner; token: string } => {
  const token = newCartToken();
  return { owner: { kind: "visitor", tokenHash: hashCartToken(token) }, token };
};

let ip = 0;
const password = "steady ruck march 0600";
function authDeps(cookie?: string) {
  const headers = new Headers({ "x-forwarded-for": `203.0.113.${++ip}`, "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return { db: getDb(), auth: getAuth(), headers };
}

describe("adding to the cart", () => {
  it("adds a size, adds up repeated adds, and counts items for the badge", async () => {
    const { owner } = visitor();
    const m = await variantId("veteran-strong-tshirt", "M");
    expect(await addToCart(getDb(), owner, m, 1)).toMatchObject({ outcome: "added", quantity: 1 });
    expect(await addToCart(getDb(), owner, m, 2)).toMatchObject({ outcome: "added", quantity: 3 });
    await addToCart(getDb(), owner, await variantId("tactical-cap"), 1);
    expect(await getCartCount(getDb(), owner)).toBe(4);
    const cart = await getCart(getDb(), owner);
    expect(cart.lines.map((l) => [l.name, l.size, l.quantity, l.unitPriceCents])).toEqual([
      ["Veteran Strong T-Shirt", "M", 3, 2999],
      ["Tactical Cap", null, 1, 2499],
    ]);
    expect(cart.subtotalCents).toBe(3 * 2999 + 2499);
  });

  it("refuses sold-out sizes and items, and adds nothing", async () => {
    const { owner } = visitor();
    expect(await addToCart(getDb(), owner, await variantId("veteran-strong-tshirt", "XS"), 1)).toMatchObject({ outcome: "out-of-stock" });
    expect(await addToCart(getDb(), owner, await variantId("military-cap"), 1)).toMatchObject({ outcome: "out-of-stock" });
    expect(await addToCart(getDb(), owner, 999_999, 1)).toMatchObject({ outcome: "invalid" });
    expect(await getCartCount(getDb(), owner)).toBe(0);
  });

  it("never holds more than the stock, and says so", async () => {
    const { owner } = visitor();
    const { variantId: backpack } = await createProduct({ label: "Four-left Backpack", stock: 4 });
    await addToCart(getDb(), owner, backpack, 3);
    expect(await addToCart(getDb(), owner, backpack, 3)).toEqual({ outcome: "limited", quantity: 4, stock: 4 });
    const [line] = (await getCart(getDb(), owner)).lines;
    expect(await setLineQuantity(getDb(), owner, line!.id, 9)).toEqual({ quantity: 4, capped: true, stock: 4 });
    expect(await setLineQuantity(getDb(), owner, line!.id, 2)).toEqual({ quantity: 2, capped: false, stock: 4 });
    expect(await setLineQuantity(getDb(), owner, line!.id, 0)).toMatchObject({ quantity: 0 });
    expect((await getCart(getDb(), owner)).lines).toHaveLength(0);
  });

  it("only touches lines of the owner's own cart", async () => {
    const a = visitor();
    const b = visitor();
    await addToCart(getDb(), a.owner, await variantId("fitness-journal"), 2);
    const [line] = (await getCart(getDb(), a.owner)).lines;
    await setLineQuantity(getDb(), b.owner, line!.id, 1);
    await removeLine(getDb(), b.owner, line!.id);
    expect((await getCart(getDb(), a.owner)).lines[0]?.quantity).toBe(2);
    await removeLine(getDb(), a.owner, line!.id);
    expect(await getCartCount(getDb(), a.owner)).toBe(0);
  });

  it("shows a line that now exceeds the stock (someone else bought it) as over stock", async () => {
    const { owner } = visitor();
    // A product of this test's own: it changes the stock, and no other test sells it.
    const { variantId: gloves } = await createProduct({ label: "Sold-on Gloves", stock: 30 });
    await addToCart(getDb(), owner, gloves, 3);
    await setStock(gloves, 1);
    const cart = await getCart(getDb(), owner);
    expect(cart.overStock).toBe(true);
    expect(cart.lines[0]).toMatchObject({ quantity: 3, maxQuantity: 1 });
  });
});

describe("merging the visitor cart on sign-in", () => {
  it("adds quantities up (capped by stock, never below either cart) and deletes the visitor cart", async () => {
    const { email, id: userId } = await newMember();
    const member: CartOwner = { kind: "member", userId };
    const bottle = await variantId("insulated-water-bottle");
    const backpack = await variantId("tactical-backpack");
    await addToCart(getDb(), member, bottle, 1);
    await addToCart(getDb(), member, backpack, 3);
    const { owner, token } = visitor();
    await addToCart(getDb(), owner, bottle, 2);
    await addToCart(getDb(), owner, backpack, 3);
    await addToCart(getDb(), owner, await variantId("performance-hoodie", "L"), 1);

    await mergeVisitorCart(getDb(), hashCartToken(token), userId);
    const cart = await getCart(getDb(), member);
    expect(cart.lines.map((l) => [l.name, l.size, l.quantity])).toEqual([
      ["Water Bottle", null, 3],
      ["Tactical Backpack", null, 4],
      ["Performance Hoodie", "L", 1],
    ]);
    expect(await getDb().select().from(carts).where(eq(carts.tokenHash, hashCartToken(token)))).toHaveLength(0);
    // Running it again (a second sign-in with the same cookie) changes nothing.
    await mergeVisitorCart(getDb(), hashCartToken(token), userId);
    expect(await getCartCount(getDb(), member)).toBe(8);
    expect(email).toMatch(/^cart-[\w-]+@example\.com$/);
  });

  it("happens through better-auth on sign-up and on sign-in, reading the cart cookie from the request", async () => {
    const first = visitor();
    await addToCart(getDb(), first.owner, await variantId("tactical-cap"), 2);
    const email = `merge-${randomUUID()}@example.com`;
    // The account starts unconfirmed: the cart moves in when the link is confirmed in the same browser.
    const browser = authDeps(`${CART_COOKIE}=${first.token}`);
    const { userId } = await registerConfirmedMember(browser, { email, password, confirmPassword: password, terms: "on" });
    const member: CartOwner = { kind: "member", userId };
    expect(await getCartCount(getDb(), member)).toBe(2);

    const second = visitor();
    await addToCart(getDb(), second.owner, await variantId("fitness-journal"), 1);
    await signInMember(authDeps(`other=1; ${CART_COOKIE}=${second.token}`), { email, password });
    const cart = await getCart(getDb(), member);
    expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Tactical Cap", 2],
      ["Fitness Journal", 1],
    ]);
    expect(await getCartCount(getDb(), second.owner)).toBe(0);
  });

  it("a sign-in without a cart cookie leaves the member's cart as it was (signing out never empties it)", async () => {
    const { id: userId, email } = await newMember();
    const member: CartOwner = { kind: "member", userId };
    await addToCart(getDb(), member, await variantId("tactical-cap"), 1);
    await signInMember(authDeps(), { email, password });
    expect(await getCartCount(getDb(), member)).toBe(1);
  });

  it("keeps the member's membership line when both carts have one", async () => {
    const { id: userId } = await newMember();
    await addMembershipToCart(getDb(), userId, "elite");
    await addMembershipToCart(getDb(), userId, "premium");
    const cart = await getCart(getDb(), { kind: "member", userId });
    expect(cart.lines.map((l) => [l.plan, l.quantity, l.unitPriceCents])).toEqual([["premium", 1, 9900]]);
  });
});

async function newMember(): Promise<{ id: string; email: string }> {
  const email = `cart-${randomUUID()}@example.com`;
  const { userId } = await registerConfirmedMember(authDeps(), { email, password, confirmPassword: password, terms: "on" });
  return { id: userId, email };
}
