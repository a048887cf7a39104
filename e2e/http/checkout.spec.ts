/**
 * Checkout as the server answers it, without JavaScript: the summary, a plain form post that places the
 * order (pay at pickup on this site) or is refused 422 beside the field, the order page and who may open
 * it, the confirmation email and its link, guest orders claimed by an account, a sold-out item, a
 * member's Orders tab and a membership upgrade. The same with JavaScript (the summary following the
 * delivery choice, errors in place with focus, the claim button) and axe: e2e/checkout.spec.ts.
 */
import { signUpMember, uniqueMemberEmail } from "../member";
import { countEmails, waitForEmail } from "../outbox";
import { countOrders, createProduct, setStock } from "../shop-helpers";
import { expect, test } from "./fixtures";
import type { HttpForm, HttpPage, TextBrowser } from "./text-browser";

const LIBERTY_RANGE = "Liberty Range — 4500 Range Road, Bulverde, TX";
const ORDER_PAGE = /^\/shop\/orders\/[0-9a-f-]{36}$/;

const badge = (page: HttpPage) => page.text("[data-testid=cart-count]");

async function add(visitor: TextBrowser, slug: string, size?: string): Promise<void> {
  const form = (await visitor.get(`/shop/${slug}`)).form("main form[action='/shop/cart/add']");
  const added = await (size ? form.check(size) : form).submit();
  expect(added.byTestId("cart-notice").text(), `${slug} is in the cart`).toContain("to your cart.");
}

function contact(checkout: HttpPage, email: string): HttpForm {
  return checkout.form({ button: "Place order" }).fill("Full name", "Jordan Rivera").fill("Email", email).fill("Phone", "(210) 555-0142");
}

/** The form's groups, by their legends. */
const legends = (page: HttpPage) => page.$("main fieldset > legend").toArray().map((el) => page.text(el));

const orderNumberOf = (page: HttpPage) => /VVA-\d+/.exec(page.text("main h2"))![0];

test("a guest checks out with pay at pickup, end to end", { tag: "@two-servers" }, async ({ visitor, newVisitor }) => {
  await add(visitor, "insulated-water-bottle");
  await add(visitor, "veteran-strong-tshirt", "L");
  const checkout = await (await visitor.get("/shop/cart")).follow("Proceed to Checkout");
  expect(checkout.path).toBe("/shop/checkout");

  const summary = checkout.region("Order summary");
  const lines = checkout.text(summary.find("[data-testid=summary-lines]")[0]!);
  expect(lines).toContain("1 × Water Bottle");
  expect(lines).toContain("1 × Veteran Strong T-Shirt (size L)");
  expect(legends(checkout)).toContain("Delivery");
  // Pickup is the default (which of the summary's figures shows is CSS: e2e/checkout.spec.ts).
  expect(checkout.control(/^Pick up at a training location/).attr("checked")).toBeDefined();

  const email = uniqueMemberEmail("guest");
  const placed = await contact(checkout, email).select("Pickup location", LIBERTY_RANGE).submit("Place order");
  expect(placed.firstStatus).toBe(303);
  expect(placed.path).toMatch(ORDER_PAGE);
  expect(placed.heading(1)).toBe("Thank you for your order");
  expect(placed.text("[data-testid=order-status]")).toBe("Awaiting payment");
  expect(placed.text("[data-testid=order-total]")).toBe("$49.98");
  expect(placed.text("[data-testid=order-delivery]")).toContain("Liberty Range");
  expect(badge(placed)).toBe("0");

  const mail = await waitForEmail(email, "order-confirmation");
  expect(mail.subject).toMatch(/^Your order VVA-\d+ is confirmed$/);
  expect(mail.textBody).toContain("1 × Veteran Strong T-Shirt (size L) — $29.99");
  expect(mail.textBody).toContain("Pick up at: Liberty Range");
  expect(mail.textBody).toContain(placed.url.href);

  // The order page is only for the browser that placed it.
  expect((await (await newVisitor()).get(placed.url.href)).status).toBe(404);
});

test("a shipped guest order: the link in its confirmation email opens it on another device, and nothing says pay at pickup", async ({ visitor, newVisitor }) => {
  await add(visitor, "veteran-strong-tshirt", "M");
  const email = uniqueMemberEmail("shipped-guest");
  const placed = await contact(await visitor.get("/shop/checkout"), email)
    .check(/^Ship to my address/)
    .fill("Street address", "1 Main St")
    .fill("City", "Austin")
    .fill("State", "TX")
    .fill("ZIP code", "78701")
    .submit("Place order");
  expect(placed.path).toMatch(ORDER_PAGE);
  const orderNumber = orderNumberOf(placed);

  const mail = await waitForEmail(email, "order-confirmation");
  expect(mail.replyTo).toBe("info@vanguardveterans.org");
  expect(mail.htmlBody).toContain(orderNumber);
  for (const part of [mail.textBody, mail.htmlBody ?? ""]) expect(part).not.toMatch(/pick ?up|collect/i);
  expect(mail.textBody).toContain("Payment: We will email you how to pay, and ship your order once it is paid.");
  const link = /https?:\/\/\S+\/shop\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}/.exec(mail.textBody)?.[0];
  expect(link, mail.textBody).toBeDefined();
  expect(mail.htmlBody).toContain(`href="${link}"`);

  // Another device: no cart cookie, not signed in.
  const other = await newVisitor();
  const opened = await other.get(link!);
  expect(opened.status).toBe(200);
  expect(opened.heading(1)).toBe("Thank you for your order");
  expect(opened.heading(2).split("\n").some((h) => h.startsWith(`Order ${orderNumber}`))).toBe(true);
  expect(opened.text("[data-testid=order-status]")).toBe("Awaiting payment");
  expect(opened.text("[data-testid=order-delivery]")).toContain("1 Main St");
  expect(opened.text("main").replace(/\n/g, " ")).toContain("We will email you how to pay, and ship your order once it is paid.");
  expect(opened.text("main")).not.toMatch(/pick ?up/i);
  // The key opens this order only: changed by one character, or without it, it is the 404 page.
  const forged = link!.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  expect((await other.get(forged)).status).toBe(404);
  expect((await other.get(link!.replace(/\?key=.*$/, ""))).status).toBe(404);
});

test("guest orders join an account registered later with that email once the member confirms the emailed link", async ({ visitor, newVisitor }) => {
  await add(visitor, "fitness-journal");
  const email = uniqueMemberEmail("claim");
  const placed = await contact(await visitor.get("/shop/checkout"), email).submit("Place order");
  expect(placed.path).toMatch(ORDER_PAGE);
  const orderNumber = /VVA-\d+/.exec(placed.text("main"))![0];

  // Another device signs up with the address: nothing moves, and its password does not sign in yet.
  const member = await newVisitor();
  const { password } = await signUpMember(member.request, { email, confirm: false });
  const refused = await (await member.get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", password).submit();
  expect(refused.alert()).toBe("Invalid email or password");
  expect((await member.get("/profile?tab=orders")).path).toBe(`/login?next=${encodeURIComponent("/profile?tab=orders")}`);
  // The sign-up's confirmation email carries the only way in, and no separate claim link is sent.
  expect(await countEmails(email, "claim-orders")).toBe(0);

  const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec((await waitForEmail(email, "confirm-email")).textBody)![0];
  const home = await (await member.get(link)).form({ button: "Confirm my email" }).submit();
  expect(home.url.pathname).toBe("/profile");
  const orders = await member.get("/profile?tab=orders");
  expect(orders.byTestId("profile-order")).toHaveLength(1);
  expect(orders.text("[data-testid=profile-order]")).toContain(orderNumber);
});

test("shipping needs an address: refused 422 beside the field, what was typed is kept, and the corrected post places the order", async ({ visitor }) => {
  await add(visitor, "fitness-journal");
  const refused = await contact(await visitor.get("/shop/checkout"), uniqueMemberEmail("ship"))
    .check(/^Ship to my address/)
    .fill("City", "San Antonio")
    .submit("Place order");
  expect(refused.status).toBe(422);
  expect(refused.alert()).toBe("Please correct the highlighted fields.");
  expect(refused.fieldError("Street address")).toBe("Street address is required for shipping.");
  expect(refused.control("City").val()).toBe("San Antonio");

  const placed = await refused.form({ button: "Place order" }).fill("Street address", "12 Alamo Plaza").fill("State", "TX").fill("ZIP code", "78205").submit("Place order");
  expect(placed.path).toMatch(ORDER_PAGE);
  expect(placed.text("[data-testid=order-total]")).toBe("$23.94");
  expect(placed.text("[data-testid=order-delivery]")).toContain("12 Alamo Plaza");
});

test("the summary holds only the shipping and total that apply; without JavaScript, Update total shows them for the chosen delivery and keeps what was typed", async ({ visitor }) => {
  await add(visitor, "fitness-journal");
  const checkout = await visitor.get("/shop/checkout");
  const summaryText = (page: HttpPage) => page.text(page.region("Order summary")[0]!);
  // Pickup is the default: free, and the total without shipping. The other figures are not in the page at all.
  expect(checkout.text("[data-testid=summary-shipping]")).toBe("Free (pickup)");
  expect(checkout.text("[data-testid=summary-total]")).toBe("$15.99");
  expect(summaryText(checkout)).not.toContain("$7.95");
  expect(summaryText(checkout)).not.toContain("$23.94");

  const email = uniqueMemberEmail("update-total");
  const shipping = await contact(checkout, email).check(/^Ship to my address/).fill("Street address", "12 Alamo Plaza").submit("Update total");
  expect(shipping.status).toBe(200);
  expect(shipping.path).toBe("/shop/checkout");
  expect(shipping.text("[data-testid=summary-shipping]")).toBe("$7.95");
  expect(shipping.text("[data-testid=summary-total]")).toBe("$23.94");
  expect(summaryText(shipping)).not.toContain("Free (pickup)");
  // What was typed and chosen is kept, nothing was refused, and nothing was ordered.
  expect(shipping.control(/^Ship to my address/).attr("checked")).toBeDefined();
  expect(shipping.control("Street address").val()).toBe("12 Alamo Plaza");
  expect(shipping.control("Email").val()).toBe(email);
  expect(shipping.$("main [role=alert]")).toHaveLength(0);
  expect(await countOrders(email)).toBe(0);

  const pickup = await shipping.form({ button: "Place order" }).check(/^Pick up at a training location/).submit("Update total");
  expect(pickup.text("[data-testid=summary-total]")).toBe("$15.99");
  expect(pickup.text("[data-testid=summary-shipping]")).toBe("Free (pickup)");

  // The updated page places the order as usual.
  const placed = await pickup.form({ button: "Place order" }).check(/^Ship to my address/).fill("City", "San Antonio").fill("State", "TX").fill("ZIP code", "78205").submit("Place order");
  expect(placed.path).toMatch(ORDER_PAGE);
  expect(placed.text("[data-testid=order-total]")).toBe("$23.94");
});

test("an item that sells out before checkout gets a clear message and nothing is ordered", async ({ visitor }) => {
  // A product of this test's own: it sells out here, and nobody else sells it.
  const { slug, name } = await createProduct("Range Gloves", { stock: 30 });
  await add(visitor, slug);
  const checkout = await visitor.get("/shop/checkout");
  const email = uniqueMemberEmail("soldout");
  await setStock(slug, 0);
  const refused = await contact(checkout, email).submit("Place order");
  expect(refused.path).toBe("/shop/checkout");
  const alerts = refused.$("main [role=alert]").toArray().map((el) => refused.text(el));
  expect(alerts.some((said) => said.includes(`Sorry, ${name} is out of stock`))).toBe(true);
  // The page also flags the cart itself.
  expect(alerts.some((said) => said.includes("Some items in your cart have sold out"))).toBe(true);
  expect(await countOrders(email)).toBe(0);
  expect(await countEmails(email, "order-confirmation")).toBe(0);
  expect((await visitor.get("/shop/cart")).text("[data-testid=cart-line]")).toContain("This item has sold out since you added it.");
  const product = await visitor.get(`/shop/${slug}`);
  const outOfStock = product.$("main button").filter((_, el) => /^Out of stock/.test(product.text(el)));
  expect(outOfStock.length).toBeGreaterThan(0);
  expect(outOfStock.first().attr("disabled")).toBeDefined();
});

test("a member's order shows in the profile's Orders tab; a membership upgrade is bought through the same checkout", { tag: "@two-servers" }, async ({ signedIn }) => {
  const { browser: member, email } = await signedIn(null);
  await add(member, "tactical-cap");
  const checkout = await member.get("/shop/checkout");
  expect(checkout.control("Email").val()).toBe(email);
  const placed = await checkout.form({ button: "Place order" }).fill("Full name", "Alex Member").fill("Phone", "512 555 0100").submit("Place order");
  expect(placed.path).toMatch(ORDER_PAGE);
  const number = orderNumberOf(placed);

  const tab = await member.get("/profile?tab=orders");
  const order = tab.byTestId("profile-order");
  expect(order).toHaveLength(1);
  const said = tab.text(order[0]!);
  expect(said).toContain(number);
  expect(said).toContain("Awaiting payment");
  expect(said).toContain("Tactical Cap");

  const upgrade = await (await member.get("/profile?tab=membership")).form({ button: "Upgrade to Premium" }).submit("Upgrade to Premium");
  expect(upgrade.path).toBe("/shop/cart?notice=membership");
  expect(upgrade.text("[data-testid=cart-line]")).toContain("Premium Membership (1 year)");
  const upgradeCheckout = await upgrade.follow("Proceed to Checkout");
  expect(legends(upgradeCheckout)).toContain("Contact details");
  expect(legends(upgradeCheckout)).not.toContain("Delivery");
  expect(upgradeCheckout.text("[data-testid=summary-total]")).toBe("$99.00");
  const upgradeOrder = await upgradeCheckout.form({ button: "Place order" }).fill("Full name", "Alex Member").fill("Phone", "512 555 0100").submit("Place order");
  expect(upgradeOrder.path).toMatch(ORDER_PAGE);
  const pending = (await member.get("/profile?tab=membership")).text("[data-testid=pending-upgrade]");
  expect(pending).toContain("Premium upgrade");
  expect(pending).toContain("starts once it is paid");
});
