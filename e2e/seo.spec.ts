import { expect, test } from "./fixtures";
import { siteWithStripeUrl } from "./stripe";

const pages = [
  "/", "/shop", "/shop/tactical-backpack", "/shop/cart", "/training", "/training/firearms", "/training/outdoor",
  "/calendar", "/calendar/1", "/about", "/contact", "/donate", "/privacy", "/terms", "/refund",
];

test.describe("metadata", () => {
  test.beforeEach(({ isMobile }) => test.skip(isMobile, "metadata does not depend on the viewport"));

  for (const path of pages) {
    test(`${path} has a title, description, Open Graph tags and landmarks`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/Vanguard Veterans Association/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http/);
      await expect(page.locator("header")).toHaveCount(1);
      await expect(page.locator("main")).toHaveCount(1);
      await expect(page.locator("footer")).toHaveCount(1);
      await expect(page.locator("h1")).toHaveCount(1);
    });
  }

  test("sitemap.xml lists every public page and robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of pages.filter((p) => p !== "/shop/cart")) {
      expect(sitemap).toContain(`<loc>${baseURL}${path === "/" ? "/" : path}</loc>`);
    }
    for (const id of ["firearms", "fitness", "tactical", "martial-arts", "outdoor"]) expect(sitemap).toContain(`/training/${id}</loc>`);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("every page links the site's icons, and each is served", async ({ request, page }) => {
    await page.goto("/about");
    const icons = await page.locator('head link[rel="icon"], head link[rel="apple-touch-icon"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")!));
    expect(icons.map((href) => href.split("?")[0])).toEqual(expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-icon.png"]));
    for (const [path, type] of [["/favicon.ico", "image/x-icon"], ["/icon.svg", "image/svg+xml"], ["/apple-icon.png", "image/png"]]) {
      const response = await request.get(path!);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"]).toBe(type);
    }
  });

  test("structured data: the organization on home and about, a product, an event", async ({ request, baseURL }) => {
    const dataOf = async (path: string) => {
      const html = await (await request.get(path)).text();
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
    expect(await dataOf("/calendar/1")).toEqual([
      expect.objectContaining({ "@type": "Event", startDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), location: expect.objectContaining({ "@type": "Place" }) }),
    ]);
  });

  test("robots.txt names the running site's SITE_URL, not the one the build was made with", async ({ request }) => {
    // The site with Stripe runs the same build under another SITE_URL.
    const robots = await (await request.get(`${siteWithStripeUrl()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${siteWithStripeUrl()}/sitemap.xml`);
  });
});
