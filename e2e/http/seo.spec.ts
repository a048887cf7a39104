/** What search engines and link previews read: each page's metadata and landmarks, the sitemap, robots.txt, the icons, JSON-LD. */
import { E2E_SEASON_YEAR } from "../clock";
import { siteWithStripeUrl } from "../stripe";
import { expect, test } from "./fixtures";

const pages = [
  "/", "/shop", "/shop/tactical-backpack", "/shop/cart", "/training", "/training/firearms", "/training/outdoor",
  "/calendar", "/calendar/1", "/about", "/contact", "/donate", "/privacy", "/terms", "/refund",
];

test.describe("metadata", () => {
  for (const path of pages) {
    test(`${path} has a title, description, Open Graph tags and landmarks`, async ({ visitor }) => {
      const page = await visitor.get(path);
      expect(page.status).toBe(200);
      expect(page.title()).toMatch(/Vanguard Veterans Association/);
      // One of each, as the browser's strict locators required.
      for (const [selector, content] of [
        ['meta[name="description"]', /.{40,}/],
        ['meta[property="og:title"]', /.+/],
        ['meta[property="og:description"]', /.+/],
        ['meta[property="og:image"]', /^http/],
      ] as const) {
        expect(page.$(selector), selector).toHaveLength(1);
        expect(page.$(selector).attr("content"), selector).toMatch(content);
      }
      expect(page.$("header")).toHaveLength(1);
      expect(page.$("main")).toHaveLength(1);
      expect(page.$("footer")).toHaveLength(1);
      expect(page.$("h1")).toHaveLength(1);
    });
  }

  test("sitemap.xml lists every public page and robots.txt points to it", async ({ visitor, baseURL }) => {
    const sitemap = (await visitor.get("/sitemap.xml")).body;
    for (const path of pages.filter((p) => p !== "/shop/cart")) {
      expect(sitemap).toContain(`<loc>${baseURL}${path === "/" ? "/" : path}</loc>`);
    }
    for (const id of ["firearms", "fitness", "tactical", "martial-arts", "outdoor"]) expect(sitemap).toContain(`/training/${id}</loc>`);
    const robots = (await visitor.get("/robots.txt")).body;
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("every page links the site's icons, and each is served", async ({ visitor }) => {
    const about = await visitor.get("/about");
    const icons = about.$('head link[rel="icon"], head link[rel="apple-touch-icon"]').toArray().map((link) => link.attribs.href!);
    expect(icons.map((href) => href.split("?")[0])).toEqual(expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-icon.png"]));
    for (const [path, type] of [["/favicon.ico", "image/x-icon"], ["/icon.svg", "image/svg+xml"], ["/apple-icon.png", "image/png"]]) {
      const icon = await visitor.get(path!);
      expect(icon.status, path).toBe(200);
      expect(icon.headers["content-type"]).toBe(type);
    }
  });

  test("structured data: the organization on home and about, a product, an event", async ({ visitor, baseURL }) => {
    const dataOf = async (path: string) => {
      const html = (await visitor.get(path)).body;
      return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    };
    for (const path of ["/", "/about"]) {
      expect(await dataOf(path), path).toEqual([
        expect.objectContaining({ "@context": "https://schema.org", "@type": "NGO", name: "Vanguard Veterans Association", url: `${baseURL}/`, nonprofitStatus: "Nonprofit501c3" }),
      ]);
    }
    expect(await dataOf("/shop/tactical-backpack")).toEqual([
      expect.objectContaining({
        "@type": "Product",
        name: "Tactical Backpack",
        offers: expect.objectContaining({ "@type": "Offer", price: "89.99", priceCurrency: "USD", url: `${baseURL}/shop/tactical-backpack` }),
      }),
    ]);
    // The shop's list: each product's page, in the order the page shows them.
    const shop = await visitor.get("/shop");
    const [list] = await dataOf("/shop");
    const shown = shop.$("[data-testid=product-card] :is(h2, h3) a").toArray().map((a) => `${baseURL}${a.attribs.href}`);
    expect(list).toEqual(expect.objectContaining({ "@type": "ItemList", numberOfItems: shown.length }));
    expect((list!.itemListElement as { url: string; position: number }[]).map((item) => item.url)).toEqual(shown);
    // A product page's link preview shows the product's own picture, not the site's card.
    const product = await visitor.get("/shop/tactical-backpack");
    const image = product.$('meta[property="og:image"]').attr("content")!;
    expect(image).toBe(((await dataOf("/shop/tactical-backpack"))[0] as { image: string | string[] }).image.toString().split(",")[0]);
    expect(image).not.toBe((await visitor.get("/about")).$('meta[property="og:image"]').attr("content"));
    expect((await visitor.get(new URL(image).pathname)).headers["content-type"]).toMatch(/^image\//);
    // An event: local times with the zone's offset, and the place's postal address (not its name again).
    expect(await dataOf("/calendar/1")).toEqual([
      expect.objectContaining({
        "@type": "Event",
        name: "Firearms Safety Fundamentals",
        startDate: `${E2E_SEASON_YEAR}-06-14T09:00:00-05:00`,
        endDate: `${E2E_SEASON_YEAR}-06-14T13:00:00-05:00`,
        location: {
          "@type": "Place",
          name: "Liberty Range",
          address: { "@type": "PostalAddress", streetAddress: "4500 Range Road", addressLocality: "Bulverde", addressRegion: "TX", postalCode: "78163", addressCountry: "US" },
        },
      }),
    ]);
    // The calendar's list: each upcoming event's page, in the order the page shows them.
    const calendar = await visitor.get("/calendar");
    const [events] = await dataOf("/calendar");
    const upcoming = calendar.$("section[aria-labelledby=events-heading] [data-testid=event-card] h3 a").toArray();
    expect(events).toEqual(expect.objectContaining({ "@type": "ItemList" }));
    const listed = (events!.itemListElement as { url: string; name: string }[]).map((item) => item.url);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed).toEqual(upcoming.map((a) => `${baseURL}${a.attribs.href}`));
    const cookout = (events!.itemListElement as { url: string; name: string }[]).find((item) => item.name === "Independence Day Community Cookout")!;
    expect(await dataOf(new URL(cookout.url).pathname)).toEqual([
      expect.objectContaining({
        startDate: `${E2E_SEASON_YEAR}-07-04T11:00:00-05:00`,
        location: {
          "@type": "Place",
          name: "Austin Community Hall",
          address: { "@type": "PostalAddress", streetAddress: "800 Veterans Drive", addressLocality: "Austin", addressRegion: "TX", postalCode: "78701", addressCountry: "US" },
        },
      }),
    ]);
  });

  test("robots.txt names the running site's SITE_URL, not the one the build was made with", async ({ visitor }) => {
    // The site with Stripe runs the same build under another SITE_URL.
    const robots = (await visitor.get(`${siteWithStripeUrl()}/robots.txt`)).body;
    expect(robots).toContain(`Sitemap: ${siteWithStripeUrl()}/sitemap.xml`);
  });
});
