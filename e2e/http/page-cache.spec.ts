/**
 * Public pages are answered from the page cache for visitors without a cookie (ADR 0022): the
 * X-Page-Cache header says so. Each test first shows a page coming from the cache, then makes one kind of
 * change the way the site makes it (plain form posts: a checkout, a registration and its cancellation,
 * staff edits) and shows the very next visit without a cookie gets the new value. A page made for each
 * visitor never gets a cached page, and a visitor with a cookie never gets one as it is kept
 * (e2e/http/personal-pages.spec.ts).
 */
import { productIdOf } from "../catalog-db";
import { createDoorEvent, createEvent } from "../events-db";
import { uniqueMemberEmail } from "../member";
import { createProduct } from "../shop-helpers";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

type NewVisitor = () => Promise<TextBrowser>;

/** A visit by someone with no cookie at all: a fresh cookie jar for every visit. */
async function visit(newVisitor: NewVisitor, path: string): Promise<{ page: HttpPage; cache: string | undefined }> {
  const page = await (await newVisitor()).get(path);
  expect(page.status).toBe(200);
  return { page, cache: page.headers["x-page-cache"] };
}

/** Visits until the page is answered from the cache (the first visit renders and keeps it). */
async function cachedVisit(newVisitor: NewVisitor, path: string): Promise<HttpPage> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const seen = await visit(newVisitor, path);
    if (seen.cache === "hit") return seen.page;
  }
  throw new Error(`${path} never came from the page cache`);
}

const stockState = (page: HttpPage) => page.text("[data-testid=stock-state]");
const spots = (page: HttpPage) => page.text(page.$('main [data-fact="spots"] dd').first()[0]!);
const cardOf = (page: HttpPage, title: string) => page.text(page.byTestId("event-card").filter((_, el) => page.text(el).includes(title))[0]!);
const firstPrice = (page: HttpPage) => page.text(page.byTestId("product-price").first()[0]!);

test("is never used for a visitor with a cookie, and a checkout shows in the stock of the next visit", async ({ visitor, newVisitor }) => {
  const { slug } = await createProduct("Cached Canteen", { stock: 3 });
  expect(stockState(await cachedVisit(newVisitor, `/shop/${slug}`))).toBe("Only 3 left");

  await (await visitor.get(`/shop/${slug}`)).form("main form[action='/shop/cart/add']").submit();
  // The shopper has a cart cookie now: never the page kept for everyone as it is, but their own, with
  // their cart badge (rendered for them, or filled with their parts: ADR 0025).
  const own = await visitor.get(`/shop/${slug}`);
  expect(["rendered", "filled"]).toContain(own.headers["x-page-cache"]);
  expect(own.text("[data-testid=cart-count]")).toBe("1");
  const placed = await (await visitor.get("/shop/checkout"))
    .form({ button: "Place order" })
    .fill("Full name", "Jordan Rivera")
    .fill("Email", uniqueMemberEmail("cache"))
    .fill("Phone", "(210) 555-0142")
    .submit("Place order");
  expect(placed.heading(1)).toBe("Thank you for your order");

  expect(stockState((await visit(newVisitor, `/shop/${slug}`)).page)).toBe("Only 2 left");
});

test("a registration and its cancellation show in the spots of the next visit", async ({ newVisitor, signedIn }) => {
  const event = await createEvent("Cached Clinic", { capacity: 1 });
  expect(spots(await cachedVisit(newVisitor, `/calendar/${event.id}`))).toBe("1 spot left");

  const { browser: member } = await signedIn(null);
  const page = await member.get(`/calendar/${event.id}`);
  const registered = await page.form({ button: `Register Now: ${event.title}` }).submit(`Register Now: ${event.title}`);
  expect(registered.text("#register [data-testid=registration-state]")).toBe("You're registered.");
  expect(spots((await visit(newVisitor, `/calendar/${event.id}`)).page)).toBe("Full — join the waitlist");

  const cancelled = await registered.form({ button: `Cancel Registration: ${event.title}` }).submit(`Cancel Registration: ${event.title}`);
  expect(cancelled.statuses(/.*/, "#register")).toEqual(["Your registration is canceled and your seat has been released."]);
  expect(spots((await visit(newVisitor, `/calendar/${event.id}`)).page)).toBe("1 spot left");
});

test("a page made for each visitor is never shared: two visitors to /donate get idempotency keys of their own", async ({ newVisitor }) => {
  const keys: string[] = [];
  for (let visitor = 0; visitor < 3; visitor += 1) {
    const seen = await visit(newVisitor, "/donate");
    expect(seen.cache).toBeUndefined();
    keys.push(seen.page.$('input[name="idempotencyKey"]').first().attr("value")!);
  }
  expect(keys.every(Boolean)).toBe(true);
  expect(new Set(keys).size).toBe(3);
});

test("staff edits of an event (with seats offered to the waitlist) and of a product show on the next visit", async ({ newVisitor, signedIn }) => {
  const event = await createDoorEvent("Cached Capacity", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park"], capacity: 2 });
  const { slug } = await createProduct("Cached Patch", { stock: 8, priceCents: 1250 });
  expect(cardOf(await cachedVisit(newVisitor, "/calendar"), event.title)).toContain("Full — join the waitlist");
  expect(firstPrice(await cachedVisit(newVisitor, `/shop/${slug}`))).toBe("$12.50");

  const { browser: staff } = await signedIn("staff");
  const eventPage = await staff.get(`/admin/events/${event.id}`);
  const saved = await eventPage.form({ button: "Save changes" }).fill("Seats", "4").submit("Save changes");
  expect(saved.statuses(/.*/, saved.region("Event details")[0]!)).toEqual(["Event saved. 1 new seat was offered to the waitlist."]);
  expect(cardOf((await visit(newVisitor, "/calendar")).page, event.title)).toContain("1 spot left");

  const productPage = await staff.get(`/admin/catalog/${await productIdOf(slug)}`);
  const details = productPage.region("Details");
  expect(details.find("button").text()).toContain("Save changes");
  const form = productPage.form(`form:has([name="${productPage.control("Price in dollars", details[0]!).attr("name")}"])`);
  const savedProduct = await form.fill("Price in dollars", "14").submit("Save changes");
  expect(savedProduct.statuses(/.*/, savedProduct.region("Details")[0]!)).toEqual(["Saved. The shop shows the changes now."]);
  expect(firstPrice((await visit(newVisitor, `/shop/${slug}`)).page)).toBe("$14.00");
});
