/**
 * The contact page in a browser: the map that loads from Google only when asked, the form with
 * JavaScript (the browser's own required-field check, the server's refusal beside the field with focus
 * on it, the sent message focused), and axe. Texts, the form without JavaScript, the acknowledgement
 * email: e2e/http/contact.spec.ts.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

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
    await range.getByRole("link", { name: "Show map: Liberty Range" }).focus();
    await page.keyboard.press("Enter");
    const map = range.frameLocator('iframe[title="Map: Liberty Range, 4500 Range Road, Bulverde, TX 78163"]');
    await expect(map.getByText("A map")).toBeVisible();
    // The link pressed is gone: focus is on what took its place, and comes back when the map is hidden.
    await expect(range.getByRole("button", { name: "Hide map: Liberty Range" })).toBeFocused();
    expect(google).toEqual(["https://www.google.com/maps?q=4500%20Range%20Road%2C%20Bulverde%2C%20TX%2078163&output=embed"]);
    // The promise and the hours are shown; a FAQ opens on a click (the texts themselves: e2e/http/contact.spec.ts).
    await expect(page.getByText("within 24 hours").first()).toBeVisible();
    await expect(page.getByText("Monday to Friday, 9AM to 5PM CT")).toBeVisible();
    await page.getByRole("region", { name: "Frequently Asked Questions" }).locator("details").filter({ hasText: "Do you offer discounts?" }).locator("summary").click();
    await expect(page.getByText(/can ask to be verified from their profile/)).toBeVisible();
    // The page, every section, the opened FAQ and the opened map: no accessibility violations.
    await expectNoA11yViolations(page);
    await range.getByRole("button", { name: "Hide map: Liberty Range" }).press("Enter");
    await expect(range.locator("iframe")).toHaveCount(0);
    await expect(range.getByRole("link", { name: "Show map: Liberty Range" })).toBeFocused();
  });

  test("sends a message with JavaScript: 'Message Sent!' takes focus, and 'Send Another Message' returns to an empty form", async ({ page }) => {
    const sender = `jordan-${randomUUID()}@example.com`;
    await page.goto("/contact");
    await fillValid(page, `Renewal ${test.info().project.name}`, sender);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Send Another Message" }).click();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("the browser refuses to send while required fields are empty; server validation shows field errors, keeps what was typed and focuses the first error", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveJSProperty("validity.valueMissing", true);
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);

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
});
