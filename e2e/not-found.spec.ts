import { expect, expectNoA11yViolations, test } from "./fixtures";

test("unknown routes answer 404 with the spec's page, Go Home and Go Back, inside the site's header and footer", async ({ page }) => {
  await page.goto("/about");
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  // Every way on from a wrong address: the header's links (behind the menu on a phone) and the footer's.
  await expect(page.getByRole("banner").getByRole("link", { name: /Home|Vanguard/ }).first()).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Shop" })).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/about$/);

  await page.goto("/nope/deeper/still");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a record that does not exist gets the same 404 page in its first HTML, for browsers without JavaScript", async ({ request }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  for (const path of ["/shop/no-such-product", "/calendar/99999999", "/training/no-such-program", "/this-page-does-not-exist"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(html, path).not.toContain("__next_error__");
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a product that does not exist shows the 404 page", async ({ page }) => {
    expect((await page.goto("/shop/no-such-product"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
  });
});
