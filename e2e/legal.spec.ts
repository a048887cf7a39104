import { expect, expectNoA11yViolations, test } from "./fixtures";

const policies = [
  {
    path: "/privacy",
    title: "Privacy Policy",
    headings: ["Who we are", "What we collect", "How we use it", "When we share it", "How long we keep it", "Your choices and rights", "Contact us"],
  },
  {
    path: "/terms",
    title: "Terms of Service",
    headings: ["Agreeing to these terms", "Your account", "Training courses and events", "Shop orders", "Governing law", "Contact us"],
  },
  {
    path: "/refund",
    title: "Refund Policy",
    headings: ["Merchandise", "Training courses and events", "Memberships", "Donations", "How refunds are paid", "Questions"],
  },
] as const;

test.describe("legal pages", () => {
  for (const policy of policies) {
    test(`${policy.path} shows the ${policy.title} with its sections, date and contact`, async ({ page }) => {
      const response = await page.goto(policy.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(policy.title);

      const main = page.getByRole("main");
      await expect(main.getByText("Last updated:")).toBeVisible();
      await expect(main.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      for (const heading of policy.headings) {
        await expect(main.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      }
      await expect(main.locator('a[href="mailto:info@vanguardveterans.org"]').first()).toBeVisible();
    });

    test(`${policy.path} has no accessibility violations`, async ({ page }) => {
      await page.goto(policy.path);
      await expectNoA11yViolations(page);
    });
  }

  test("the refund policy states the return and cancellation windows", async ({ page }) => {
    await page.goto("/refund");
    const main = page.getByRole("main");
    await expect(main).toContainText("within 30 days");
    const table = main.getByRole("table", { name: "Refunds for course and event cancellations" });
    await expect(table.getByRole("columnheader")).toHaveText(["When you cancel", "What you receive"]);
    await expect(table.getByRole("row", { name: /7 or more days before the start/ })).toContainText("A full refund.");
  });
});
