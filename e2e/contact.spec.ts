import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { waitForEmail } from "./outbox";
import { postedStatus } from "./page-helpers";

async function fillValid(page: Page, subject: string, email = "jordan@example.com") {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Jordan Hayes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Phone (optional)", exact: true }).fill("210 555 0100");
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("membership");
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("How do I renew my membership?");
  await page.getByLabel(/I agree to the privacy policy/).check();
}

test.describe("contact page", () => {
  test("shows contact details, four locations with a map and directions each, and five FAQs", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in Touch");
    await expect(page.getByText("within 24 hours").first()).toBeVisible();
    await expect(page.getByText("Monday to Friday, 9AM to 5PM CT")).toBeVisible();
    await expect(page.getByRole("region", { name: "Training Locations" }).getByRole("listitem")).toHaveCount(4);
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    const faqs = page.getByRole("region", { name: "Frequently Asked Questions" }).locator("details");
    await expect(faqs).toHaveCount(5);
    await faqs.filter({ hasText: "Do you offer discounts?" }).locator("summary").click();
    // How the verified service discount works now (ADR 0019): asked from the profile, applied at checkout, never on top of member pricing.
    await expect(page.getByText(/can ask to be verified from their profile/)).toBeVisible();
    await expect(page.getByText(/applied automatically at checkout/)).toBeVisible();
    await expect(page.getByText(/the better of their member pricing and this discount, not both/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a location's map loads from Google only when the visitor asks; directions open Google Maps", async ({ page }) => {
    const google: string[] = [];
    await page.route("https://www.google.com/**", (route) => {
      google.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>A map</p>" });
    });
    await page.goto("/contact");
    const range = page.getByRole("region", { name: "Training Locations" }).getByRole("listitem").filter({ hasText: "Liberty Range" });
    await expect(range.getByRole("link", { name: /^Directions to Liberty Range/ })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=4500%20Range%20Road%2C%20Bulverde%2C%20TX%2078163",
    );
    await page.waitForLoadState("networkidle");
    expect(google).toEqual([]); // nothing reaches Google before the visitor asks
    await range.getByRole("link", { name: "Show map: Liberty Range" }).click();
    const map = range.frameLocator('iframe[title="Map: Liberty Range, 4500 Range Road, Bulverde, TX 78163"]');
    await expect(map.getByText("A map")).toBeVisible();
    expect(google).toEqual(["https://www.google.com/maps?q=4500%20Range%20Road%2C%20Bulverde%2C%20TX%2078163&output=embed"]);
    await expectNoA11yViolations(page);
  });

  test("sends a message, shows 'Message Sent!', acknowledges it by e-mail, and 'Send Another Message' returns to an empty form", async ({ page }) => {
    const sender = `jordan-${test.info().project.name}-${Date.now()}@example.com`;
    await page.goto("/contact");
    await fillValid(page, `Renewal ${test.info().project.name}`, sender);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeFocused();
    // The page's promise, repeated in the acknowledgement (which goes out at once, through the outbox).
    expect((await waitForEmail(sender, "contact-acknowledgement")).textBody).toContain("We respond to every message within 24 hours.");
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Send Another Message" }).click();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("the browser refuses to send while required fields are empty", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveJSProperty("validity.valueMissing", true);
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);
  });

  test("server validation shows field errors, keeps what was typed and focuses the first error", async ({ page }) => {
    await page.goto("/contact");
    await fillValid(page, "Keeps my words");
    await page.getByRole("textbox", { name: "Phone (optional)", exact: true }).fill("call me maybe");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Please correct the highlighted fields");
    const phone = page.getByRole("textbox", { name: "Phone (optional)", exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toBeFocused();
    await expect(page.getByText("Phone may contain only digits")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("Keeps my words");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("How do I renew my membership?");
    await expect(page.getByRole("combobox", { name: "Category", exact: true })).toHaveValue("membership");
    await expect(page.getByLabel(/I agree to the privacy policy/)).toBeChecked();
    await expectNoA11yViolations(page);
  });

  test("a category in the URL preselects the form", async ({ page }) => {
    await page.goto("/contact?category=donation");
    await expect(page.getByRole("combobox", { name: "Category", exact: true })).toHaveValue("donation");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts and confirms", async ({ page }) => {
      await page.goto("/contact");
      await fillValid(page, `No-JS ${test.info().project.name}`);
      expect(await postedStatus(page, page.getByRole("button", { name: "Send Message" }))).toBe(200);
      await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Send Another Message" })).toHaveAttribute("href", "/contact");
    });

    test("invalid input comes back with errors and the typed values", async ({ page }) => {
      await page.goto("/contact");
      await fillValid(page, "No-JS keeps values");
      await page.getByRole("textbox", { name: "Phone (optional)", exact: true }).fill("not a phone");
      expect(await postedStatus(page, page.getByRole("button", { name: "Send Message" }))).toBe(422);
      await expect(page.getByText("Phone may contain only digits")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("No-JS keeps values");
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Jordan Hayes");
    });

    test("a text browser's reader who types into the spam trap is told to clear it, keeps the message, then sends it", async ({ page }) => {
      await page.goto("/contact");
      await fillValid(page, "Typed into every field");
      // What lynx or w3m shows (they ignore CSS): a field whose label says to leave it empty.
      await page.locator("#contact-website").fill("https://my-site.example", { force: true });
      expect(await postedStatus(page, page.getByRole("button", { name: "Send Message" }))).toBe(422);
      const trap = page.getByRole("textbox", { name: "Leave this field empty (it catches spam robots)" });
      await expect(trap).toBeVisible();
      await expect(trap).toHaveAccessibleDescription("This field must stay empty: it is there to catch spam robots. Clear it and send again.");
      await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("Typed into every field");
      await trap.fill("");
      await page.getByLabel(/I agree to the privacy policy/).check();
      expect(await postedStatus(page, page.getByRole("button", { name: "Send Message" }))).toBe(200);
      await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    });
  });
});
