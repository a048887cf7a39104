/**
 * The calendar in a browser: a card's details open one at a time (the browser's own `<details name>`
 * accordion, with the mouse and the keyboard), and axe on an open card, the empty state and an event's
 * page. The accordion is the same on every listing, so it is tried on one category's (two cards, a
 * short page); the whole calendar, with a card in every state, is scanned once in registration.spec.ts.
 * What the server sends (cards, filters, the shared `details name`, files, feeds, 404s) is
 * e2e/http/calendar.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/** The upcoming events (past ones, which other specs may add, are listed in a section of their own). */
const eventCards = (page: Page) => page.locator("section[aria-labelledby=events-heading]").getByTestId("event-card");
const cardTitled = (page: Page, title: string) => eventCards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });

test("View Details expands one card at a time, from the mouse or the keyboard, and Show Less collapses it; axe on an open card, the empty state and an event's page", async ({ page }) => {
  await page.goto("/calendar?category=fitness");
  await expect(eventCards(page)).toHaveCount(2);
  const [one, two] = [cardTitled(page, "Veteran Ruck March"), cardTitled(page, "Functional Fitness Challenge")];
  const details = (card: typeof one) => card.getByTestId("event-details");

  const panel = (card: typeof one) => details(card).locator("summary + div");
  await expect(details(one)).not.toHaveAttribute("open", "");
  await expect(panel(one)).toBeHidden();

  await one.locator("summary").click();
  await expect(details(one)).toHaveAttribute("open", "");
  // Only the visible label counts: the other one is display:none.
  await expect(one.locator("summary")).toContainText("Show Less", { useInnerText: true });
  await expect(one.locator("summary")).not.toContainText("View Details", { useInnerText: true });
  await expect(panel(one)).toBeVisible();
  await expect(panel(one)).toContainText("Instructor:");
  // The Ruck March asks for a 20-30 lb ruck.
  await expect(one).toContainText("20-30 lbs");
  // One card open, the other closed: the scan sees both states.
  await expectNoA11yViolations(page);

  await two.locator("summary").click();
  await expect(details(two)).toHaveAttribute("open", "");
  await expect(details(one)).not.toHaveAttribute("open", "");
  await expect(page.locator("details[name=event-details][open]")).toHaveCount(1);

  await two.locator("summary").click();
  await expect(details(two)).not.toHaveAttribute("open", "");
  await expect(two.locator("summary")).toContainText("View Details", { useInnerText: true });
  await expect(two.locator("summary")).not.toContainText("Show Less", { useInnerText: true });

  // From the keyboard: Enter on a focused summary opens it.
  await one.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(details(one)).toHaveAttribute("open", "");

  await page.goto("/calendar?category=does-not-exist");
  await expect(page.getByText("No events found in this category.")).toBeVisible();
  await expectNoA11yViolations(page);

  const href = await page.getByRole("link", { name: "Show All Events" }).getAttribute("href");
  expect(href).toBe("/calendar");
  await page.goto("/calendar/1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Firearms Safety Fundamentals");
  await expectNoA11yViolations(page);
});
