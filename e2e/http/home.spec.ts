/**
 * The home page as the server sends it: hero, mission, features, featured products, the next three
 * events and the call to join, which fits the visitor. Quick View (a dialog) and axe: e2e/home.spec.ts.
 */
import { E2E_CLOCK_START, E2E_SEASON_YEAR } from "../clock";
import { setPlanByEmail } from "../events-db";
import { expect, test } from "./fixtures";

test("hero, mission, features, featured products, upcoming events and call to action", async ({ visitor }) => {
  const page = await visitor.get("/");
  expect(page.status).toBe(200);
  expect(page.$("h1")).toHaveLength(1);
  expect(page.link("Explore Training", "main").href).toBe("/training");
  expect(page.link("Shop Gear", "main").href).toBe("/shop");
  expect(page.link("Donate", "main").href).toBe("/donate");

  // The hero image is the LCP element: eager, preloaded, with explicit sizes.
  const hero = page.$("main section").first().find("img");
  expect(hero.attr("sizes")).toBe("100vw");
  expect(hero.attr("loading")).not.toBe("lazy");

  expect(page.text("main")).toContain("Our Mission");
  const features = page.$("main h3").toArray().map((h) => page.$(h).text().trim());
  for (const feature of ["Firearms Training", "Elite Fitness", "Community Support", "Regular Events"]) expect(features).toContain(feature);

  const featured = page.$("main [data-testid=featured-products] [data-testid=product-card]").toArray();
  expect(featured).toHaveLength(4);
  for (const card of featured) {
    expect(page.buttons(card).filter((name) => /^Quick View/.test(name))).toHaveLength(1);
    expect(page.$(card).find("[data-testid=product-price]").text().trim()).toMatch(/^\$\d+\.\d{2}$/);
  }

  // The site's clock starts during the season (e2e/clock.ts): the next three are next season's first three.
  const events = page.$("main [data-testid=upcoming-event]").toArray();
  expect(events.map((event) => page.$(event).find("h2, h3, h4").first().text().trim())).toEqual([
    "Firearms Safety Fundamentals",
    "Veteran Ruck March",
    "Independence Day Community Cookout",
  ]);
  expect(page.text(events[0]!)).toContain(`June 14, ${E2E_SEASON_YEAR}`);
  expect(page.text(events[2]!)).toContain(`July 4, ${E2E_SEASON_YEAR}`);
  const learnMore = events.flatMap((event) => page.links(/^Learn More/, event));
  expect(learnMore).toHaveLength(3);
  for (const { href } of learnMore) expect(href).toMatch(/^\/calendar\/\d+$/);
  expect(page.link("View Full Calendar", "main").href).toBe("/calendar");

  expect(page.link("Become a Member", "main").href).toBe("/register");
  expect(page.link("Make a Donation", "main").href).toBe("/donate");
  expect(page.links("Contact Us", "main").map((link) => link.href)).toContain("/contact");
});

test("the call to join fits the visitor: members are not asked to become members", async ({ signedIn }) => {
  const { browser, email } = await signedIn(null);
  const basic = await browser.get("/");
  expect(basic.links("Become a Member", "main")).toEqual([]);
  expect(basic.link("Upgrade Your Membership", "main").href).toBe("/profile?tab=membership");
  // Nor by the words above the button.
  expect(basic.text("main")).not.toMatch(/become a member/i);

  await setPlanByEmail(email, "premium", new Date(new Date(E2E_CLOCK_START).getTime() + 100 * 24 * 3_600_000));
  for (const path of ["/", "/about"]) {
    const page = await browser.get(path);
    expect(page.links(/Become a Member|Upgrade Your Membership/, "main"), path).toEqual([]);
    expect(page.links("Contact Us", "main").length, path).toBeGreaterThan(0);
  }
});

test("a Learn More link opens that event's page", async ({ visitor }) => {
  const page = await visitor.get("/");
  const first = page.$("main [data-testid=upcoming-event]").first();
  const title = first.find("h2, h3, h4").first().text().trim();
  const event = await page.follow(/^Learn More/, first[0]!);
  expect(event.url.pathname).toMatch(/^\/calendar\/\d+$/);
  expect(event.heading(1)).toBe(title);
});
