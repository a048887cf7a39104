import { expect, expectNoA11yViolations, test } from "./fixtures";

test("unknown routes answer 404 with the spec's page, Go Home and Go Back", async ({ page }) => {
  await page.goto("/about");
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/about$/);

  await page.goto("/nope/deeper/still");
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
