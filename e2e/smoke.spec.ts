import { expect, expectNoA11yViolations, test } from "./fixtures";

test("the home page has the site landmarks and no WCAG A/AA violations", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);

  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeAttached();

  await expectNoA11yViolations(page);
});
