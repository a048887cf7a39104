/** The 404 page in the first HTML: its status, text, ways on (Go Home, the header's and the footer's links), for every kind of wrong address. */
import { expect, test } from "./fixtures";

test("unknown routes answer 404 with the spec's page, Go Home and Go Back, inside the site's header and footer", async ({ visitor }) => {
  const page = await visitor.get("/this-page-does-not-exist");
  expect(page.status).toBe(404);
  expect(page.heading(1)).toBe("Page Not Found");
  expect(page.text("main")).toContain("The page you're looking for doesn't exist or has been moved.");
  // Every way on from a wrong address: the header's links (behind the menu on a phone) and the footer's.
  expect(page.links(/Home|Vanguard/, "body > header").length).toBeGreaterThan(0);
  expect(page.links("Shop", "footer")).toHaveLength(1);
  expect(page.$("main")).toHaveLength(1);
  // Go Back is the page's own button (its history step is in the browser test); Go Home is a plain link home.
  expect(page.buttons("main")).toContain("Go Back");

  const deeper = await visitor.get("/nope/deeper/still");
  expect(deeper.status).toBe(404);
  expect(deeper.links("Go Home", "main")).toEqual([{ text: "Go Home", href: "/" }]);
  const home = await deeper.follow("Go Home", "main");
  expect(home.status).toBe(200);
  expect(home.path).toBe("/");
});

test("a record that does not exist gets the same 404 page in its first HTML, for browsers without JavaScript", async ({ visitor }) => {
  for (const path of ["/shop/no-such-product", "/calendar/99999999", "/training/no-such-program", "/this-page-does-not-exist"]) {
    const page = await visitor.get(path);
    expect(page.status, path).toBe(404);
    expect(page.body, path).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(page.body, path).not.toContain("__next_error__");
  }
});

test.describe("without JavaScript", () => {
  test("a product that does not exist shows the 404 page", async ({ visitor }) => {
    const page = await visitor.get("/shop/no-such-product");
    expect(page.status).toBe(404);
    expect(page.heading(1)).toBe("Page Not Found");
    expect(page.links("Go Home")).toHaveLength(1);
  });
});
