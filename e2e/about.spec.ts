/** The about page in a browser: axe, and the pictures shown. Its texts, links and calls to action: e2e/http/about.spec.ts. */
import { expect, expectNoA11yViolations, test } from "./fixtures";

test("the about page shows its story's picture and six portraits, with no accessibility violations", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("region", { name: "Our story" }).getByRole("img")).toBeVisible();
  const portraits = page.getByRole("region", { name: "Our leadership" }).getByRole("img", { name: /^Portrait of / });
  await expect(portraits).toHaveCount(6);
  for (const portrait of await portraits.all()) await expect(portrait).toBeVisible();
  await expectNoA11yViolations(page);
});
