// @module-tag second-clock: membership standing and member pricing follow the date.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { cartLines } from "@/db/schema/cart";
import { products } from "@/db/schema/catalog";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { memberships, orderLines, orders } from "@/db/schema/orders";
import { FormError } from "@/lib/form-state";
import { getAuthEnv } from "@/lib/env";
import { getAuth } from "@/lib/auth/auth";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { createProduct, setStock, stockOf, variantId } from "../../../test/shop";
import type { CartOwner } from "@/features/cart/cart-owner";
import { getCart, getCartCount } from "@/features/cart/cart.queries";
import { addMembershipToCart, ensureCart } from "@/features/cart/cart.service";
import { confirmationToken, registerConfirmedMember } from "../../../test/members";
import { confirmEmail, registerMember } from "@/features/members/members.service";
import { getMembership } from "@/features/renewals/my-membership.queries";
import { checkoutSchema } from "./checkout.schema";
import { CLAIM_LINK_DAYS, claimGuestOrders, claimToken, claimWithLink, claimableEmail, offerGuestOrders, readClaimToken } from "./claim-guest-orders.service";
import { isOrderViewKey, orderViewKey } from "./order-links";
import { getMembershipUpgrade, getOrderForViewer, listOrdersForUser } from "./orders.queries";
import { CART_EMPTY, MEMBERSHIP_NEEDS_ACCOUNT, TOTAL_CHANGED, markOrderPaid, placeOrder } from "./orders.service";
import { fromNow } from "../../../test/time";

async function failure(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

let n = 0;
async function newMember(email = `buyer-${randomUUID()}-${++n}@example.com`): Promise<{ userId: string; email: string }> {
  const password = "steady ruck march 0600";
  const headers = new Headers({ "x-forwarded-for": `198.51.100.${++n % 250}`, "user-agent": "vitest" });
  const { userId } = await registerConfirmedMember({ db: getDb(), auth: getAuth(), headers }, { email, password, confirmPassword: password, terms: "on" });
  return { userId, email };
}

describe("placing an order (pay at pickup)", () => {
  it("takes the stock, snapshots the lines, empties the cart and queues the confirmation email", async () => {
    const { owner } = newVisitor();
    const tee = await variantId("veteran-strong-tshirt", "L");
    const cap = await variantId("tactical-cap");
    const [teeBefore, capBefore] = [await stockOf(tee), await stockOf(cap)];
    await fillCart(owner, [[tee, 2], [cap, 1]]);
    const email = `jordan-${randomUUID()}@example.com`;

    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email }), "pay_later");
    expect(placed).toMatchObject({ paymentMethod: "pay_later", created: true, number: expect.stringMatching(/^VVA-\d+$/) });
    expect(await stockOf(tee)).toBe(teeBefore - 2);
    expect(await stockOf(cap)).toBe(capBefore - 1);
    expect(await getCartCount(getDb(), owner)).toBe(0);

    const [order] = await getDb().select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({
      status: "awaiting_payment", fulfilment: "pickup", pickupLocationId: 1, subtotalCents: 2 * 2999 + 2499, shippingCents: 0,
      totalCents: 2 * 2999 + 2499, userId: null, guestTokenHash: owner.kind === "visitor" ? owner.tokenHash : "", email,
    });
    const lines = await getDb().select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(lines.map((l) => [l.name, l.size, l.unitPriceCents, l.quantity])).toEqual([
      ["Veteran Strong T-Shirt", "L", 2999, 2],
      ["Tactical Cap", null, 2499, 1],
    ]);
    const mails = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.toAddress, email)));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Your order ${placed.number} is confirmed`);
    expect(mail?.textBody).toContain("2 × Veteran Strong T-Shirt (size L) — $59.98");
    expect(mail?.textBody).toContain("Pick up at: Headquarters & Fitness Center");
    expect(mail?.textBody).toContain("Payment: Pay by card or cash at the desk when you pick up your order.");
    expect(mail?.htmlBody).toContain("Pick up at: Headquarters &amp; Fitness Center");
    expect(mail?.replyTo).toBe("info@vanguardveterans.org");

    // The link in the email opens the order with its key, in any browser: no cookie, no account.
    const link = new URL(/https?:\/\/\S+\/shop\/orders\/\S+/.exec(mail!.textBody)![0]);
    expect(link.pathname).toBe(`/shop/orders/${placed.id}`);
    const key = link.searchParams.get("key")!;
    expect(key).toBe(orderViewKey(placed.id));
    expect(await getOrderForViewer(getDb(), placed.id, { viewKey: key })).toMatchObject({ id: placed.id, number: placed.number, email });
  });

  it("an order link's key opens that order only, and only if this site's secret made it", async () => {
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner), "pay_later");
    const { owner: otherOwner } = newVisitor();
    await fillCart(otherOwner, [[await variantId("tactical-cap"), 1]]);
    const other = await placeOrder(getDb(), otherOwner, await checkoutInput(otherOwner), "pay_later");

    expect(await getOrderForViewer(getDb(), placed.id, { viewKey: orderViewKey(placed.id) })).toMatchObject({ id: placed.id });
    expect(await getOrderForViewer(getDb(), placed.id, { viewKey: orderViewKey(other.id) })).toBeUndefined();
    expect(await getOrderForViewer(getDb(), placed.id, { viewKey: orderViewKey(placed.id, "another site's secret, 32 characters or more") })).toBeUndefined();
    for (const forged of ["", "x", orderViewKey(placed.id).slice(0, -1), `${orderViewKey(placed.id)}A`, "A".repeat(43)]) {
      expect(await getOrderForViewer(getDb(), placed.id, { viewKey: forged }), forged).toBeUndefined();
    }
    expect(isOrderViewKey(placed.id, ["array"])).toBe(false);
  });

  it("adds the flat shipping rate and keeps the address when shipping", async () => {
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("fitness-journal"), 1]]);
    const input = await checkoutInput(owner, {
      fulfilment: "shipping", pickupLocationId: "", shipLine1: "12 Alamo Plaza", shipCity: "San Antonio", shipRegion: "TX", shipPostalCode: "78205",
    });
    const placed = await placeOrder(getDb(), owner, input, "pay_later");
    const view = await getOrderForViewer(getDb(), placed.id, { tokenHash: owner.kind === "visitor" ? owner.tokenHash : "" });
    expect(view).toMatchObject({ subtotalCents: 1599, shippingCents: 795, totalCents: 2394, fulfilment: "shipping" });
    expect(view?.deliveryLines).toEqual(["Jordan Rivera", "12 Alamo Plaza", "San Antonio, TX 78205"]);
  });

  it("validates contact details and the address or location the choice needs", () => {
    const base = { idempotencyKey: crypto.randomUUID(), expectedSubtotalCents: "100", name: "A", email: "a@example.com", phone: "2105550142" };
    const shipping = checkoutSchema.safeParse({ ...base, fulfilment: "shipping", shipPostalCode: "7820" });
    expect(shipping.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["shipLine1", "Street address is required for shipping."],
      ["shipCity", "City is required for shipping."],
      ["shipRegion", "State is required for shipping."],
      ["shipPostalCode", "Enter a 5-digit ZIP code, like 78205."],
    ]);
    const pickup = checkoutSchema.safeParse({ ...base, fulfilment: "pickup", email: "nope", phone: "12" });
    expect(pickup.error?.issues.map((i) => i.path[0])).toEqual(["email", "phone", "pickupLocationId"]);
  });

  it("refuses an empty cart, a changed subtotal, and a membership without an account", async () => {
    const { owner } = newVisitor();
    expect((await failure(placeOrder(getDb(), owner, await checkoutInput(owner), "pay_later"))).message).toBe(CART_EMPTY);
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const stale = { ...(await checkoutInput(owner)), expectedSubtotalCents: 999 };
    expect((await failure(placeOrder(getDb(), owner, stale, "pay_later"))).message).toBe(TOTAL_CHANGED);
    expect(await getCartCount(getDb(), owner)).toBe(1);

    // A membership line in a visitor cart (the shop never offers one to visitors) still needs an account.
    const odd = newVisitor().owner;
    const cartId = await ensureCart(getDb(), odd);
    await getDb().insert(cartLines).values({ cartId, membershipPlan: "elite", quantity: 1 });
    expect((await failure(placeOrder(getDb(), odd, await checkoutInput(odd), "pay_later"))).message).toBe(MEMBERSHIP_NEEDS_ACCOUNT);
  });

  it("refuses an item that sold out meanwhile, changing nothing, with a clear message", async () => {
    const { owner } = newVisitor();
    // Products of this test's own: it changes their stock, and no other test sells them.
    const gloves = await createProduct({ label: "Sell-out Gloves", stock: 30 });
    const cap = await createProduct({ label: "Rollback Cap", stock: 40 });
    await fillCart(owner, [[cap.variantId, 1], [gloves.variantId, 3]]);
    const input = await checkoutInput(owner);
    await setStock(gloves.variantId, 2);
    const error = await failure(placeOrder(getDb(), owner, input, "pay_later"));
    expect(error.message).toMatch(new RegExp(`^Sorry, only 2 of ${gloves.name} left`));
    expect(await stockOf(gloves.variantId)).toBe(2);
    expect(await stockOf(cap.variantId)).toBe(40); // the cap's decrement rolled back with the rest
    expect(await getCartCount(getDb(), owner)).toBe(4);
    expect(await getDb().select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey))).toHaveLength(0);
    await setStock(gloves.variantId, 0);
    expect((await failure(placeOrder(getDb(), owner, input, "pay_later"))).message).toMatch(new RegExp(`^Sorry, ${gloves.name} is out of stock`));
  });

  it("an item archived after it went into the cart counts as sold out there and cannot be ordered", async () => {
    const { owner } = newVisitor();
    const kit = await createProduct({ label: "Archived Kit", stock: 12 });
    await fillCart(owner, [[kit.variantId, 2]]);
    const input = await checkoutInput(owner);
    await getDb().update(products).set({ archivedAt: fromNow() }).where(eq(products.slug, kit.slug));
    const cart = await getCart(getDb(), owner);
    expect(cart.lines.map((l) => ({ stock: l.stock, maxQuantity: l.maxQuantity }))).toEqual([{ stock: 0, maxQuantity: 0 }]);
    expect(cart.overStock).toBe(true);
    expect((await failure(placeOrder(getDb(), owner, input, "pay_later"))).message).toMatch(new RegExp(`^Sorry, ${kit.name} is out of stock`));
    expect(await stockOf(kit.variantId)).toBe(12);
    expect(await getDb().select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey))).toHaveLength(0);
  });
});

describe("idempotency", () => {
  it("a repeated submit with the same key returns the first order", async () => {
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("insulated-water-bottle"), 1]]);
    const input = await checkoutInput(owner);
    const first = await placeOrder(getDb(), owner, input, "pay_later");
    const again = await placeOrder(getDb(), owner, input, "pay_later");
    expect(again).toEqual({ ...first, created: false });
  });

  it("two simultaneous submits (a double click) create one order and take the stock once", async () => {
    const { owner } = newVisitor();
    const bottle = await variantId("insulated-water-bottle");
    await fillCart(owner, [[bottle, 2]]);
    const before = await stockOf(bottle);
    const input = await checkoutInput(owner);
    const results = await Promise.all([1, 2, 3].map(() => placeOrder(getDb(), owner, input, "pay_later")));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await stockOf(bottle)).toBe(before - 2);
    expect(await getDb().select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey))).toHaveLength(1);
  });

  it("someone else's key is refused", async () => {
    const a = newVisitor();
    const b = newVisitor();
    await fillCart(a.owner, [[await variantId("tactical-cap"), 1]]);
    await fillCart(b.owner, [[await variantId("tactical-cap"), 1]]);
    const input = await checkoutInput(a.owner);
    await placeOrder(getDb(), a.owner, input, "pay_later");
    expect((await failure(placeOrder(getDb(), b.owner, input, "pay_later"))).message).toMatch(/already used/);
  });
});

describe("stock never oversells", () => {
  it("50 concurrent buyers for 5 in stock: exactly 5 orders, 45 clear out-of-stock answers, stock ends at 0", async () => {
    const { name, variantId: backpack } = await createProduct({ label: "Rush Backpack", stock: 50 });
    const buyers = [];
    for (let i = 0; i < 50; i++) {
      const { owner } = newVisitor();
      await fillCart(owner, [[backpack, 1]]);
      buyers.push({ owner, input: await checkoutInput(owner, { email: `buyer${i}@example.com` }) });
    }
    await setStock(backpack, 5);
    const results = await Promise.allSettled(buyers.map(({ owner, input }) => placeOrder(getDb(), owner, input, "pay_later")));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(45);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(FormError);
      expect((r.reason as FormError).message).toMatch(new RegExp(`^Sorry, ${name} is out of stock`));
    }
    expect(await stockOf(backpack)).toBe(0);
    const sold = await getDb().execute<{ n: string }>(`select coalesce(sum(quantity), 0) as n from order_lines where variant_id = ${backpack}`);
    expect(Number(sold.rows[0]!.n)).toBe(5);
  });

  it("the CHECK constraint refuses negative stock even if a write skipped the conditional update", async () => {
    const cap = await variantId("tactical-cap");
    const error: unknown = await getDb()
      .execute(`update product_variants set stock = -1 where id = ${cap}`)
      .then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ cause: { code: "23514", constraint: "product_variants_stock_non_negative" } }); // check_violation
  });
});

describe("members, guests and memberships", () => {
  it("a member's orders are listed with status and lines; only the owner can open one", async () => {
    const { userId } = await newMember();
    const owner: CartOwner = { kind: "member", userId };
    await fillCart(owner, [[await variantId("performance-hoodie", "M"), 1]]);
    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner), "pay_later");
    const [listed] = await listOrdersForUser(getDb(), userId);
    expect(listed).toMatchObject({ id: placed.id, statusLabel: "Awaiting payment", lines: [{ name: "Performance Hoodie", size: "M", quantity: 1 }] });
    expect(await getOrderForViewer(getDb(), placed.id, { userId })).toMatchObject({ id: placed.id, number: placed.number, statusLabel: "Awaiting payment" });
    expect(await getOrderForViewer(getDb(), placed.id, { userId: "someone-else" })).toBeUndefined();
    expect(await getOrderForViewer(getDb(), placed.id, {})).toBeUndefined();
    expect(await getOrderForViewer(getDb(), "not-a-uuid", { userId })).toBeUndefined();
  });

  it("guest orders join an account registered later with the same email only through the confirmation link emailed there", async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email: email.toUpperCase() }), "pay_later");

    // Anyone can sign up with any address: the orders (name, address, phone) do not move by themselves.
    const password = "steady ruck march 0600";
    const headers = new Headers({ "x-forwarded-for": `198.51.100.${++n % 250}`, "user-agent": "vitest" });
    await registerMember({ db: getDb(), auth: getAuth(), headers }, { email, password, confirmPassword: password, terms: "on" });
    const [account] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = account!.id;
    expect(await listOrdersForUser(getDb(), userId)).toEqual([]);
    // The sign-up's confirmation link is the proof; no separate claim link is sent for it.
    const claimMails = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "claim-orders"), eq(emailOutbox.toAddress, email)));
    expect(claimMails).toHaveLength(0);
    await confirmEmail({ auth: getAuth(), headers }, await confirmationToken(email));
    expect((await listOrdersForUser(getDb(), userId)).map((o) => o.id)).toEqual([placed.id]);
  });

  it("an account whose address is not confirmed and was not made by the sign-up form (e.g. Google without a verified address) gets a claim link", async () => {
    const email = `claim-${randomUUID()}@example.com`;
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email }), "pay_later");
    const { userId } = await newMember(`other-${email}`);
    await offerGuestOrders(getDb(), { id: userId, email, emailVerified: false });
    expect(await listOrdersForUser(getDb(), userId)).toEqual([]);

    const mails = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "claim-orders"), eq(emailOutbox.toAddress, email)));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ toAddress: email, subject: expect.stringContaining("earlier orders") });
    const token = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]).searchParams.get("token")!;
    const secret = getAuthEnv().secret;
    expect(readClaimToken(token, secret)).toEqual({ userId, email });
    // The message lapses with its link: never delivered once the token could no longer be used. The two
    // expiries are computed moments apart, so they agree to within a few seconds, not to the millisecond.
    const tokenExpiry = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()).x * 1000;
    expect(Math.abs(mail!.expiresAt!.getTime() - tokenExpiry)).toBeLessThan(5_000);

    expect(await claimGuestOrders(getDb(), { id: userId, email })).toBe(1);
    expect((await listOrdersForUser(getDb(), userId)).map((o) => o.id)).toEqual([placed.id]);
  });

  it("the claim link's button confirms the address first, then the orders join (as the profile's banner says: once confirmed)", async () => {
    const email = `claim-first-${randomUUID()}@example.com`;
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email }), "pay_later");
    const { userId } = await newMember(`other-${email}`);
    // An account whose address is not confirmed (as one made elsewhere than the sign-up form can be).
    await getDb().update(user).set({ email, emailVerified: false }).where(eq(user.id, userId));
    expect(await claimableEmail(claimToken({ id: userId, email }, getAuthEnv().secret), { id: userId, email })).toBe(email);

    expect(await claimWithLink(getDb(), { id: userId, email })).toBe(1);
    const [account] = await getDb().select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
    expect(account?.emailVerified).toBe(true);
    expect((await listOrdersForUser(getDb(), userId)).map((o) => o.id)).toEqual([placed.id]);
    // An account that no longer has the address confirms nothing and takes nothing.
    const { userId: moved } = await newMember();
    expect(await claimWithLink(getDb(), { id: moved, email })).toBe(0);
  });

  it("a claim link is refused when forged, altered or expired", async () => {
    const secret = getAuthEnv().secret;
    const user = { id: "member-1", email: "Someone@Example.com" };
    const issued = new Date("2026-06-01T12:00:00Z");
    const token = claimToken(user, secret, issued);
    expect(readClaimToken(token, secret, issued)).toEqual({ userId: "member-1", email: "someone@example.com" });
    expect(readClaimToken(token, "another secret", issued)).toBeUndefined();
    const [payload, signature] = token.split(".");
    const otherPayload = Buffer.from(JSON.stringify({ u: "member-2", e: "someone@example.com", x: 4102444800 })).toString("base64url");
    expect(readClaimToken(`${otherPayload}.${signature}`, secret, issued)).toBeUndefined();
    expect(readClaimToken(`${payload}.${signature}.x`, secret, issued)).toBeUndefined();
    expect(readClaimToken("not a token", secret, issued)).toBeUndefined();
    const eightDaysLater = new Date(issued.getTime() + (CLAIM_LINK_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(readClaimToken(token, secret, eightDaysLater)).toBeUndefined();
  });

  it("an account whose address comes verified (Google) gets its guest orders at once", async () => {
    const email = `verified-${randomUUID()}@example.com`;
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email }), "pay_later");
    const { userId } = await newMember(`other-${email}`);
    await offerGuestOrders(getDb(), { id: userId, email, emailVerified: true });
    expect((await listOrdersForUser(getDb(), userId)).map((o) => o.id)).toEqual([placed.id]);
  });

  it("a membership upgrade counts once paid: pending at pickup, then plan and renewal date", async () => {
    const { userId } = await newMember();
    await addMembershipToCart(getDb(), userId, "premium");
    const owner: CartOwner = { kind: "member", userId };
    const input = await checkoutInput(owner, { fulfilment: "", pickupLocationId: "" });
    expect((await getCart(getDb(), owner)).subtotalCents).toBe(9900);
    const placed = await placeOrder(getDb(), owner, input, "pay_later");
    const [order] = await getDb().select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ fulfilment: "none", shippingCents: 0, totalCents: 9900 });
    expect(await getMembershipUpgrade(getDb(), userId)).toMatchObject({ active: null, pending: { plan: "Premium", orderNumber: placed.number } });
    expect(await getMembership(getDb(), userId)).toMatchObject({ plan: "Basic", pendingUpgrade: { plan: "Premium", orderNumber: placed.number } });

    const paidAt = new Date("2026-03-01T15:00:00Z");
    expect(await markOrderPaid(getDb(), placed.id, paidAt)).toBe(true);
    expect(await markOrderPaid(getDb(), placed.id, paidAt)).toBe(false);
    const upgrade = await getMembershipUpgrade(getDb(), userId, new Date("2026-03-02T00:00:00Z"));
    expect(upgrade).toEqual({ active: { plan: "Premium", startedAt: paidAt, renewsOn: new Date("2027-03-01T15:00:00Z") }, pending: null });
    // What the profile's membership tab shows.
    expect(await getMembership(getDb(), userId, new Date("2026-03-02T00:00:00Z"))).toMatchObject({
      plan: "Premium",
      status: "active",
      renewsOn: new Date("2027-03-01T15:00:00Z"),
    });

    // Renewing the same plan early extends from the current renewal date.
    await addMembershipToCart(getDb(), userId, "premium");
    const renewal = await placeOrder(getDb(), owner, await checkoutInput(owner, { fulfilment: "" }), "pay_later");
    await markOrderPaid(getDb(), renewal.id, new Date("2026-06-01T00:00:00Z"));
    const [row] = await getDb().select().from(memberships).where(eq(memberships.userId, userId));
    expect(row?.renewsOn).toEqual(new Date("2028-03-01T15:00:00Z"));
  });
});
