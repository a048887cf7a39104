/**
 * The shared layout as the server sends it: the footer's links and details, the header's links and
 * the current page marked in both navigations. What moves (the header on scroll, the phone menu, page
 * transitions) and what must fit: e2e/layout.spec.ts.
 */
import { E2E_CLOCK_START } from "../clock";
import { expect, test } from "./fixtures";

test("the footer has every link, contact details, socials in new tabs and the current year", async ({ visitor }) => {
  const page = await visitor.get("/");
  const footer = page.$("footer");
  for (const href of ["/", "/shop", "/training", "/calendar", "/about", "/contact", "/donate"]) expect(footer.find(`nav a[href="${href}"]`), href).toHaveLength(1);
  for (const id of ["fitness", "firearms", "martial-arts", "tactical", "outdoor"]) expect(footer.find(`a[href="/training/${id}"]`), id).toHaveLength(1);
  for (const href of ["/privacy", "/terms", "/refund"]) expect(footer.find(`a[href="${href}"]`), href).toHaveLength(1);
  expect(footer.find('a[href^="mailto:"]').text().trim()).toBe("info@vanguardveterans.org");
  expect(footer.find('a[href^="tel:"]')).toHaveLength(1);
  const socials = footer.find("ul[aria-label='Social media'] a").toArray();
  expect(socials).toHaveLength(3);
  for (const name of ["Facebook", "Instagram", "YouTube"]) {
    const link = socials.find((a) => page.text(a).includes(name) || a.attribs["aria-label"]?.includes(name));
    expect(link?.attribs.target, name).toBe("_blank");
    expect(link?.attribs.rel, name).toMatch(/noopener/);
  }
  expect(page.text("footer")).toContain(`© ${new Date(E2E_CLOCK_START).getUTCFullYear()}`);
});

test("the current route is marked with aria-current in the main and the phone navigation", async ({ visitor }) => {
  const page = await visitor.get("/training");
  for (const nav of ["nav[aria-label=Main]", "nav[aria-label=Mobile]"]) {
    const current = page.$(`${nav} a[aria-current=page]`).toArray().map((a) => page.text(a));
    expect(current, nav).toEqual(["Training"]);
  }
});

test("the header links to the cart with its badge, to /donate, and to Login / Register", async ({ visitor }) => {
  const page = await visitor.get("/");
  const cart = page.$("header a").filter((_, a) => a.attribs["aria-label"] === "Cart, 0 items");
  expect(cart.attr("href")).toBe("/shop/cart");
  expect(page.text("[data-testid=cart-count]")).toBe("0");
  expect(page.link("Login / Register", "header").href).toBe("/login");
  const donate = await page.follow("Donate", "header");
  expect(donate.url.pathname).toBe("/donate");
  expect(donate.heading(1)).toBe("Support Our Mission");
});

test("without JavaScript the footer's newsletter form posts and answers, alike for a repeat", async ({ visitor }) => {
  const email = `nojs-${crypto.randomUUID()}@example.com`;
  const answer = `Almost there: check ${email} for an email from us and follow it to confirm. We send no newsletter until the address is confirmed.`;
  const first = await (await visitor.get("/contact")).form("footer form").fill("Get event news and program updates.", email).submit();
  expect(first.text("footer form [role=status]")).toBe(answer);
  const again = await first.form("footer form").fill("Get event news and program updates.", email.toUpperCase()).submit();
  expect(again.text("footer form [role=status]")).toBe(answer);
});
