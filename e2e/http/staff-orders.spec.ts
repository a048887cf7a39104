/**
 * The orders desk as the server answers it: a guest's pay-at-pickup order found by its number, marked
 * paid and picked up, another cancelled (the ticked box first) with its stock back once, the 404s, the
 * CSV export and who may open the desk. Each desk action is a plain form post that redirects to the order
 * page. The desk with JavaScript (focus on the refused box, answers in place) and axe:
 * e2e/staff-orders.spec.ts. Each test places its own orders; the stock it counts is a hoodie size no
 * other spec buys.
 */
import { waitForEmail } from "../outbox";
import { createOrder, query } from "../staff-db";
import { CHOOSE_METHOD } from "../../src/lib/payments/desk-payment";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const uniqueEmail = (label: string) => `${label}-http-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The hoodie size these tests count: nobody else buys it. */
const HOODIE_SIZE = "M";

async function hoodieStock(size: string): Promise<number> {
  const [row] = await query<{ stock: number }>(
    "select stock from product_variants where product_id = (select id from products where slug = 'performance-hoodie') and size = $1",
    [size],
  );
  return row!.stock;
}

/**
 * A guest with a cookie jar of their own adds the items with Add to Cart's plain form post and checks out
 * with pay at pickup at Liberty Range; returns the order number and their email.
 */
async function guestPickupOrder(guest: TextBrowser, items: [slug: string, size?: string][]): Promise<{ number: string; email: string }> {
  for (const [slug, size] of items) {
    const form = (await guest.get(`/shop/${slug}`)).form("main form[action='/shop/cart/add']");
    const added = await (size ? form.check(size) : form).submit();
    expect(added.byTestId("cart-notice").text(), `${slug} is in the cart`).toContain("to your cart.");
  }
  const email = uniqueEmail("desk-guest");
  const placed = await (await guest.get("/shop/checkout"))
    .form({ button: "Place order" })
    .fill("Full name", "Jordan Rivera")
    .fill("Email", email)
    .fill("Phone", "(210) 555-0142")
    .select("Pickup location", "Liberty Range — 4500 Range Road, Bulverde, TX")
    .submit("Place order");
  expect(placed.url.pathname).toMatch(/^\/shop\/orders\/[0-9a-f-]{36}$/);
  const number = /VVA-\d+/.exec(placed.text("main h2"))![0];
  return { number, email };
}

const deskStatus = (page: HttpPage) => page.text("[data-testid=desk-order-status]");

/** The page's status messages (role="status") that hold `text`. */
function statusWith(page: HttpPage, text: string): string {
  return page
    .$("main [role=status]")
    .toArray()
    .map((el) => page.text(el))
    .filter((said) => said.includes(text))
    .join("\n");
}

test("staff find a guest's pay-at-pickup order by number, mark it paid, then picked up", async ({ newVisitor, signedIn }) => {
  const order = await guestPickupOrder(await newVisitor(), [["fitness-journal"]]);
  const { browser: staff, email: staffEmail } = await signedIn("staff");
  const list = await (await staff.get("/admin")).follow("Orders", "nav[aria-label='Staff area']");
  expect(list.heading(1)).toBe("Orders");
  // The bare number finds it as well as VVA-…
  const found = await list.form({ button: "Find orders" }).fill("Order number, name or email", order.number.replace("VVA-", "")).submit("Find orders");
  expect(found.text("[data-testid=orders-count]")).toBe("1 order match");
  // On a phone the filters fold behind one button (a <details>: no JavaScript needed) that says what is chosen.
  expect(found.$("details.filter-fold > form[role=search][aria-label='Find orders']")).toHaveLength(1);
  expect(found.text("details.filter-fold > summary > span:first-child")).toBe(`Filter · “${order.number.replace("VVA-", "")}”`);
  const page = await found.follow(order.number);
  expect(page.heading(1)).toBe(`Order ${order.number}`);
  expect(deskStatus(page)).toBe("Awaiting payment");
  expect(page.text(page.region("Pickup")[0]!)).toContain("Liberty Range");
  expect(page.text(page.region("Items")[0]!)).toContain("Fitness Journal");

  const paid = await page.form({ button: "Mark paid ($15.99 received)" }).select("Paid by", "Cash").check(`Yes, $15.99 was received for order ${order.number}: the buyer is emailed a receipt.`).submit();
  expect(paid.firstStatus).toBe(303);
  expect(statusWith(paid, "marked paid")).toBe(`Order ${order.number} is marked paid. The buyer was emailed a receipt.`);
  expect(deskStatus(paid)).toBe("Paid · to pick up");
  const receipt = await waitForEmail(order.email, "order-paid");
  expect(receipt.subject).toBe(`Payment received for order ${order.number}`);

  const pickedUp = await paid.form({ button: "Mark picked up" }).submit();
  expect(statusWith(pickedUp, "picked up")).toBe(`Order ${order.number} is marked picked up.`);
  expect(deskStatus(pickedUp)).toBe("Paid · picked up");
  expect(pickedUp.buttons(pickedUp.region("Status and actions")[0]!)).toEqual([]);
  const history = pickedUp.region("History");
  const entry = (label: string) => history.find("li").filter((_, li) => pickedUp.text(li).includes(label));
  expect(entry("Marked paid")).toHaveLength(1);
  expect(pickedUp.text(entry("Marked paid")[0]!)).toContain(staffEmail);
  expect(pickedUp.text(entry("Marked picked up")[0]!)).toContain(staffEmail);

  // The dashboard no longer lists it as waiting at the desk.
  const dashboard = await staff.get("/admin");
  expect(dashboard.links(order.number, dashboard.region("To collect and pay at pickup")[0]!)).toEqual([]);
});

test("staff cancel an unpaid order after confirming: its stock comes back once and the buyer is emailed", async ({ newVisitor, signedIn }) => {
  const before = await hoodieStock(HOODIE_SIZE);
  const order = await guestPickupOrder(await newVisitor(), [["performance-hoodie", HOODIE_SIZE], ["performance-hoodie", HOODIE_SIZE]]);
  expect(await hoodieStock(HOODIE_SIZE)).toBe(before - 2);
  const { browser: staff } = await signedIn("staff");

  // The dashboard links to it.
  const dashboard = await staff.get("/admin");
  const page = await dashboard.follow(order.number, dashboard.region("To collect and pay at pickup")[0]!);
  expect(page.heading(1)).toBe(`Order ${order.number}`);

  const confirmation = `Yes, cancel order ${order.number}: its items go back into stock and the buyer is emailed.`;
  const refused = await page.form({ button: "Cancel order" }).submit();
  expect(refused.status).toBe(422);
  expect(refused.fieldError(confirmation)).toBe("Tick the box to confirm that the order should be canceled.");
  expect(deskStatus(refused)).toBe("Awaiting payment");
  expect(await hoodieStock(HOODIE_SIZE)).toBe(before - 2);

  const form = refused.form({ button: "Cancel order" }).check(confirmation);
  const cancelled = await form.submit();
  expect(statusWith(cancelled, "canceled")).toBe(`Order ${order.number} is canceled: its items are back in stock and the buyer was emailed.`);
  expect(deskStatus(cancelled)).toBe("Canceled");
  expect(await hoodieStock(HOODIE_SIZE)).toBe(before);
  const mail = await waitForEmail(order.email, "order-cancelled");
  expect(mail.subject).toBe(`Your order ${order.number} was canceled`);

  // Going back and submitting the same form again changes nothing.
  await form.submit();
  expect(await hoodieStock(HOODIE_SIZE)).toBe(before);
  const listed = await staff.get(`/admin/orders?q=${order.number}&status=cancelled`);
  expect(listed.byTestId("order-row")).toHaveLength(1);
});

test("a shipped order: the link in the shipped email and the buyer's profile show it shipped, with the tracking number and the carrier's page", async ({ newVisitor, signedIn }) => {
  const { browser: buyer, email } = await signedIn(null);
  const form = (await buyer.get("/shop/fitness-journal")).form("main form[action='/shop/cart/add']");
  expect((await form.submit()).byTestId("cart-notice").text()).toContain("to your cart.");
  const placed = await (await buyer.get("/shop/checkout"))
    .form({ button: "Place order" })
    .fill("Full name", "Casey Shipped")
    .fill("Phone", "(210) 555-0142")
    .check(/^Ship to my address/)
    .fill("Street address", "12 Alamo Plaza")
    .fill("City", "San Antonio")
    .fill("State", "TX")
    .fill("ZIP code", "78205")
    .submit("Place order");
  const number = /VVA-\d+/.exec(placed.text("main h2"))![0];
  expect(placed.heading(1)).toBe("Thank you for your order");

  const { browser: staff } = await signedIn("staff");
  const desk = await (await staff.get(`/admin/orders?q=${number}`)).follow(number);
  const paid = await desk.form({ button: /^Mark paid/ }).select("Paid by", "Check").check(/^Yes, \$[\d.]+ was received/).submit();
  const shipped = await paid.form({ button: "Mark shipped" }).fill("Tracking number", "1Z999AA10123456784").submit();
  expect(deskStatus(shipped)).toBe("Paid · shipped");

  const mail = await waitForEmail(email, "order-shipped");
  const link = /https?:\/\/\S+\/shop\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}/.exec(mail.textBody)![0];
  expect(mail.textBody).toContain("Follow it on the UPS website: https://www.ups.com/track?tracknum=1Z999AA10123456784");
  const page = await (await newVisitor()).get(link);
  expect(page.status).toBe(200);
  expect(page.heading(1)).toBe("Your order is on its way");
  expect(page.text("[data-testid=order-status]")).toBe("Paid");
  expect(page.text("[data-testid=order-hand-over]")).toBe("· shipped");
  const steps = page.$("[data-testid=order-progress] > li").toArray().map((li) => page.text(li).replace(/\s+/g, " "));
  expect(steps.map((step) => step.split(" ")[0])).toEqual(["Placed", "Paid", "Shipped"]);
  expect(steps[2]).toMatch(/^Shipped \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M CT Tracking number 1Z999AA10123456784 · Track it on the UPS website$/);
  expect(page.link("Track it on the UPS website").href).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  expect(page.text("main")).not.toContain("Thank you for your order");

  const profile = await buyer.get("/profile?tab=orders");
  expect(profile.text("[data-testid=profile-order-status]")).toBe("Paid · shipped");
  expect(profile.text("[data-testid=order-tracking]").replace(/\s+/g, " ")).toBe("Tracking number 1Z999AA10123456784 · Track it on the UPS website");
});

test("unknown and malformed order ids are the 404 page", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  for (const id of ["00000000-0000-4000-8000-000000000000", "1009", "VVA-1009", "%00", "'or'1'='1"]) {
    expect((await staff.get(`/admin/orders/${encodeURIComponent(id)}`)).status, id).toBe(404);
  }
  // Odd filters are no filter, never an error.
  expect((await staff.get("/admin/orders?status=x&from=2026-13-45&page=-1&where=pickup-abc&q=%25")).status).toBe(200);
});

test("the CSV export: the filtered list for staff, refused to members and visitors", async ({ newVisitor, signedIn, visitor }) => {
  const order = await guestPickupOrder(await newVisitor(), [["fitness-journal"]]);
  const { browser: staff } = await signedIn("staff");
  const response = await staff.request.get(`/admin/orders/export?q=${order.number}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await response.text()).trimEnd().split("\r\n");
  expect(lines).toHaveLength(2);
  // Times as every screen shows them (Central Time), and the order's item with its size and quantity.
  expect(lines[0]).toMatch(/^Order,Placed \(Central Time\),.*,Item,Size,Quantity,Order total,/);
  expect(lines[0]).not.toContain("UTC");
  expect(lines[1]).toMatch(new RegExp(`^${order.number},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},`));
  expect(lines[1]).toContain(",Fitness Journal,,1,15.99,");
  expect(lines[1]).toContain(`${order.number},`);
  expect(lines[1]).toContain(order.email);
  expect(lines[1]).toContain("Liberty Range");

  const { browser: member } = await signedIn(null);
  expect((await member.request.get(`/admin/orders/export?q=${order.number}`, { maxRedirects: 0 })).status()).toBe(404);
  const refused = await visitor.request.get("/admin/orders/export", { maxRedirects: 0 });
  expect(refused.status()).toBe(307);
  expect(refused.headers().location).toBe(`/login?next=${encodeURIComponent("/admin/orders/export")}`);
});

test("the desk's pages send visitors to sign in and are the 404 page to members and door volunteers", async ({ visitor, signedIn }) => {
  const order = await createOrder();
  const { browser: member } = await signedIn(null);
  const { browser: door } = await signedIn("door");
  for (const route of ["/admin/orders", `/admin/orders/${order.id}`]) {
    const refused = await visitor.request.get(route, { maxRedirects: 0 });
    expect(refused.status(), route).toBe(307);
    expect(refused.headers().location, route).toBe(`/login?next=${encodeURIComponent(route)}`);
    expect((await member.request.get(route, { maxRedirects: 0 })).status(), `${route} as a member`).toBe(404);
    expect((await door.request.get(route, { maxRedirects: 0 })).status(), `${route} as a door volunteer`).toBe(404);
  }
  expect((await door.request.get("/admin/orders/export", { maxRedirects: 0 })).status()).toBe(404);
});

test("mark paid is a plain form post", async ({ newVisitor, signedIn }) => {
  const order = await guestPickupOrder(await newVisitor(), [["fitness-journal"]]);
  const { browser: staff } = await signedIn("staff");
  const page = await (await staff.get(`/admin/orders?q=${encodeURIComponent(order.number)}`)).follow(order.number);
  const paid = await page.form({ button: /^Mark paid/ }).select("Paid by", "Cash").check(/^Yes, \$[\d.]+ was received/).submit();
  expect(statusWith(paid, "marked paid")).toBe(`Order ${order.number} is marked paid. The buyer was emailed a receipt.`);
  expect(deskStatus(paid)).toBe("Paid · to pick up");
  await waitForEmail(order.email, "order-paid");
});

test("cancelling asks for the ticked box first", async ({ newVisitor, signedIn }) => {
  const order = await guestPickupOrder(await newVisitor(), [["fitness-journal"]]);
  const { browser: staff } = await signedIn("staff");
  const page = await (await staff.get(`/admin/orders?q=${encodeURIComponent(order.number)}`)).follow(order.number);
  const refused = await page.form({ button: "Cancel order" }).submit();
  expect(refused.status).toBe(422);
  expect(refused.text("main")).toContain("Tick the box to confirm that the order should be canceled.");
  expect(deskStatus(refused)).toBe("Awaiting payment");
  const cancelled = await refused.form({ button: "Cancel order" }).check(/^Yes, cancel order/).submit();
  expect(statusWith(cancelled, "canceled")).toContain(`Order ${order.number} is canceled`);
  await waitForEmail(order.email, "order-cancelled");
});

test("without Stripe keys, a pay-later order's page says why no pay-by-card link can be sent", async ({ signedIn }) => {
  const order = await createOrder({ totalCents: 1500 });
  const { browser: staff } = await signedIn("staff");
  const page = await staff.get(`/admin/orders/${order.id}`);
  expect(page.text("main")).toContain("No pay-by-card link can be sent: card payments are not set up on this site (no Stripe keys).");
  expect(page.buttons("main").filter((name) => /pay-by-card link/.test(name))).toEqual([]);
  expect(page.buttons("main")).toContain("Mark paid ($15.00 received)");
});

test("mark paid asks how it was paid and for the ticked box; the method is kept and shown; a wrong mark paid is undone with a reason", async ({ signedIn }) => {
  const order = await createOrder({ totalCents: 1500 });
  const number = `VVA-${1000 + order.number}`;
  const { browser: staff, email: staffEmail } = await signedIn("staff");
  const page = await staff.get(`/admin/orders/${order.id}`);
  const markPaid = (from: HttpPage) => from.form({ button: "Mark paid ($15.00 received)" });
  const box = `Yes, $15.00 was received for order ${number}: the buyer is emailed a receipt.`;

  const bare = await markPaid(page).submit();
  expect(bare.status).toBe(422);
  expect(bare.fieldError("Paid by")).toBe(CHOOSE_METHOD);
  expect(bare.fieldError(box)).toBe("Tick the box to confirm that the money was received.");
  expect(deskStatus(bare)).toBe("Awaiting payment");
  const unknown = await markPaid(bare).check(box).without("method").add("method", "bitcoin").submit();
  expect(unknown.status).toBe(422);
  expect(unknown.fieldError("Paid by")).toBe(CHOOSE_METHOD);
  expect((await query<{ status: string }>("select status from orders where id = $1", [order.id]))[0]!.status).toBe("awaiting_payment");

  const paid = await markPaid(unknown).select("Paid by", "Check").check(box).submit();
  expect(paid.firstStatus).toBe(303);
  expect(deskStatus(paid)).toBe("Paid · to pick up");
  expect(paid.text("[data-testid=desk-order-paid-by]")).toBe("Check");
  const history = (from: HttpPage, label: string) => from.region("History").find("li").toArray().map((li) => from.text(li)).filter((said) => said.startsWith(label));
  const escaped = staffEmail.replace(/[.+]/g, "\\$&");
  expect(history(paid, "Marked paid")).toEqual([expect.stringMatching(new RegExp(`by ${escaped}\\s*Paid by: Check`))]);

  // Undo: the reason is required, and nothing changes without it.
  const undo = (from: HttpPage) => from.form({ button: "Undo mark paid" });
  const noReason = await undo(paid).submit();
  expect(noReason.status).toBe(422);
  expect(noReason.fieldError("Why is it not paid after all?")).toMatch(/ Say why the order is not paid after all \(e\.g\. marked paid by mistake, the check bounced\)\.$/);
  expect(deskStatus(noReason)).toBe("Paid · to pick up");
  const undone = await undo(noReason).fill("Why is it not paid after all?", "Marked the wrong order: VVA-1 paid, not this one").submit();
  expect(undone.firstStatus).toBe(303);
  expect(statusWith(undone, "awaiting payment again")).toBe(`Order ${number} is awaiting payment again. The buyer was emailed a correction.`);
  expect(deskStatus(undone)).toBe("Awaiting payment");
  expect(undone.byTestId("desk-order-paid-by")).toHaveLength(0);
  expect(undone.buttons(undone.region("Status and actions")[0]!)).toContain("Mark paid ($15.00 received)");
  expect(history(undone, "Mark paid undone")).toEqual([expect.stringMatching(new RegExp(`by ${escaped}\\s*Reason: Marked the wrong order: VVA-1 paid, not this one`))]);
  const correction = await waitForEmail(order.email, "order-payment-undone");
  expect(correction.subject).toBe(`Correction: order ${number} is not paid yet`);
});

test("a stale second tab: an action refused because the order moved on shows the order as it is now, beside the refusal", async ({ signedIn }) => {
  const order = await createOrder({ totalCents: 1500 });
  const { browser: staff } = await signedIn("staff");
  const firstTab = await staff.get(`/admin/orders/${order.id}`);
  const secondTab = await staff.get(`/admin/orders/${order.id}`);
  const cancelled = await firstTab.form({ button: "Cancel order" }).check(/^Yes, cancel order/).submit();
  expect(deskStatus(cancelled)).toBe("Canceled");

  // The second tab still shows "Awaiting payment" and Mark paid: pressing it is refused, and the answer is the order as it is now.
  expect(deskStatus(secondTab)).toBe("Awaiting payment");
  const refused = await secondTab.form({ button: /^Mark paid/ }).select("Paid by", "Cash").check(/^Yes, \$15\.00 was received/).submit();
  expect(refused.firstStatus).toBe(303);
  expect(refused.text("[data-testid=desk-refusal]")).toBe("Not done: This order is canceled. This page shows it as it is now.");
  expect(deskStatus(refused)).toBe("Canceled");
  const actions = refused.region("Status and actions")[0]!;
  expect(refused.buttons(actions)).toEqual([]);
  expect(refused.text(actions)).not.toContain("Awaiting payment");
  expect((await query<{ status: string; desk_payment_method: string | null }>("select status, desk_payment_method from orders where id = $1", [order.id]))[0]).toEqual({ status: "cancelled", desk_payment_method: null });

  // The same for the other stale forms of that tab.
  const cancelAgain = await secondTab.form({ button: "Cancel order" }).check(/^Yes, cancel order/).submit();
  expect(cancelAgain.text("[data-testid=desk-refusal]")).toBe("Not done: This order is canceled. This page shows it as it is now.");
  expect(deskStatus(cancelAgain)).toBe("Canceled");

  // Only the site's own refusals show: a crafted link says nothing.
  const crafted = await staff.get(`/admin/orders/${order.id}?refused=${encodeURIComponent("Call 555-0100 to verify your password.")}&check=AAAA`);
  expect(crafted.byTestId("desk-refusal")).toHaveLength(0);
  const moved = new URL(refused.url);
  const elsewhere = await staff.get(`/admin/orders/${(await createOrder({ totalCents: 100 })).id}${moved.search}`);
  expect(elsewhere.byTestId("desk-refusal")).toHaveLength(0);
});
