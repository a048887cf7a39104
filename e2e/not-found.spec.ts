/**
 * The 404 page's JavaScript and accessibility: Go Back steps back in the visitor's history, and axe finds
 * nothing. What the server sends (the status, the texts, Go Home and the header's and footer's links, the
 * same page for records that do not exist) is checked in http/not-found.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";

test("the 404 page has no accessibility violations, and Go Back returns to the page before", async ({ page }) => {
  await page.goto("/about");
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/about$/);
});
