/** The training pages in a browser: axe on the overview and every program page, and their pictures shown. Texts, tables and links: e2e/http/training.spec.ts. */
import { expect, expectNoA11yViolations, test } from "./fixtures";

test("the overview and each program page show their pictures, with no accessibility violations", async ({ page }) => {
  await page.goto("/training");
  await expectNoA11yViolations(page);
  for (const id of ["firearms", "fitness", "tactical", "martial-arts", "outdoor"]) {
    await page.goto(`/training/${id}`);
    await expect(page.getByRole("main").locator(`img[src*="${id}"], img[srcset*="${id}"]`).first()).toBeVisible();
    await expectNoA11yViolations(page);
  }
});
