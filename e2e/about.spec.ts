import { expect, expectNoA11yViolations, test } from "./fixtures";

const values = ["Excellence", "Brotherhood/Sisterhood", "Service", "Integrity"];

const leaders = [
  ["Marcus Reed", "Founder & Executive Director"],
  ["Elena Vasquez", "Director of Training"],
  ["David Okafor", "Firearms Program Lead"],
  ["Sarah Whitfield", "Fitness Program Director"],
  ["Tom Brennan", "Community & Outdoor Programs"],
  ["Aisha Coleman", "Family Support Coordinator"],
] as const;

test.describe("about", () => {
  test("tells the story of the association, founded in 2020", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
    const story = page.getByRole("region", { name: "Our story" });
    await expect(story).toContainText("founded in 2020");
    const image = story.getByRole("img");
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "800");
  });

  test("lists the four core values", async ({ page }) => {
    await page.goto("/about");
    const section = page.getByRole("region", { name: "Our core values" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(values);
  });

  test("profiles six leaders with photo, name, role, service and bio", async ({ page }) => {
    await page.goto("/about");
    const profiles = page.getByRole("region", { name: "Our leadership" }).getByRole("article");
    await expect(profiles).toHaveCount(6);
    for (const [i, [name, role]] of leaders.entries()) {
      const profile = profiles.nth(i);
      await expect(profile.getByRole("heading", { level: 3 })).toHaveText(name);
      await expect(profile).toContainText(role);
      await expect(profile.getByRole("img", { name: `Portrait of ${name}` })).toBeVisible();
      await expect(profile.locator("p")).toHaveCount(3);
    }
    await expect(profiles.first()).toContainText("U.S. Army (Ret.), 22 years");
  });

  test("offers membership, contact and donation calls to action", async ({ page }) => {
    await page.goto("/about");
    const cta = page.getByRole("region", { name: "Join the mission" });
    await expect(cta.getByRole("link", { name: "Become a Member" })).toHaveAttribute("href", "/register");
    await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await cta.getByRole("link", { name: "Donate" }).click();
    await page.waitForURL(/\/donate$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support Our Mission");
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/about");
    await expectNoA11yViolations(page);
  });
});
