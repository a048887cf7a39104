/**
 * Check-in at the door with JavaScript, on a phone as much as a laptop: a door volunteer picks the
 * event, finds an attendee, checks them in with one tap and undoes it, and opens a scanned ticket; the
 * same with the keyboard alone; axe on each state. Where a volunteer lands, what else they may open,
 * the plain forms and who the QR code's address opens for: e2e/http/check-in.spec.ts. Each test makes its
 * own event and attendees.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createDoorEvent, duringCheckIn, registrationStatus } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

test.beforeEach(() => test.slow());

/** A page of the project's device signed in as a door volunteer. */
async function doorVolunteer(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { context } = await signedInAs(browser, "door");
  return { context, page: await context.newPage() };
}

test("a door volunteer picks the event, finds an attendee, checks them in with one tap, undoes it, and opens a scanned ticket", { tag: "@phone" }, async ({ browser }) => {
  const event = await createDoorEvent("Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ana = event.attendees[0]!;
  const { context, page } = await doorVolunteer(browser);
  // The door's list links an event only in its check-in window (two hours before the start to the end of its day).
  await duringCheckIn(event.id, async () => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: event.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Check-in: ${event.title}` })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("searchbox", { name: "Search by name or email" }).fill("ortiz");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("door-attendee")).toHaveCount(1);
    await expect(page.getByTestId("door-attendee")).toContainText("Ana Ortiz");

    await page.getByRole("button", { name: "Check in Ana Ortiz" }).click();
    await expect(page.getByRole("status").filter({ hasText: "checked in" })).toHaveText("Ana Ortiz is checked in.");
    await expect(page.getByTestId("door-count")).toHaveText("1 of 2 checked in");
    expect((await registrationStatus(ana.registrationId)).checked_in_at).not.toBeNull();
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Undo check-in for Ana Ortiz" }).click();
    await expect(page.getByRole("status").filter({ hasText: "undone" })).toHaveText("Check-in undone: Ana Ortiz is not checked in.");
    await expect(page.getByTestId("door-count")).toHaveText("0 of 2 checked in");
    expect((await registrationStatus(ana.registrationId)).checked_in_at).toBeNull();

    // The QR code's address: that attendee, ready to check in.
    const ben = event.attendees[1]!;
    await page.goto(`/admin/check-in/${event.id}?registration=${ben.registrationId}`);
    const scanned = page.getByRole("region", { name: "Scanned ticket" });
    await expect(scanned).toContainText("Ben Cole");
    await expectNoA11yViolations(page);
    await scanned.getByRole("button", { name: "Check in Ben Cole" }).click();
    await expect(scanned.getByRole("status")).toHaveText("Ben Cole is checked in.");
    expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();
  }).finally(() => context.close());
});

test("check-in done with the keyboard alone", async ({ browser }) => {
  const event = await createDoorEvent("Keyboard Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ben = event.attendees[1]!;
  const { context, page } = await doorVolunteer(browser);
  await duringCheckIn(event.id, async () => {
    await page.goto(`/admin/check-in/${event.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    async function tabTo(name: string | RegExp, role: "searchbox" | "button") {
      const target = page.getByRole(role, { name, exact: typeof name === "string" });
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      }
      throw new Error(`Tab never reached ${String(name)}`);
    }

    await tabTo("Search by name or email", "searchbox");
    await page.keyboard.type("ben");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?q=ben$/);
    await expect(page.getByTestId("door-attendee")).toHaveCount(1);

    await tabTo("Check in Ben Cole", "button");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "checked in" })).toHaveText("Ben Cole is checked in.");
    // The same button, now Undo, keeps the focus.
    await expect(page.getByRole("button", { name: "Undo check-in for Ben Cole" })).toBeFocused();
    expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Check in Ben Cole" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "undone" })).toHaveText("Check-in undone: Ben Cole is not checked in.");
    expect((await registrationStatus(ben.registrationId)).checked_in_at).toBeNull();
  }).finally(() => context.close());
});

test("on a 390 px phone the search and the first attendees show without scrolling, and a double tap leaves the person checked in", async ({ browser }) => {
  const event = await createDoorEvent("Phone Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole", "Cy Park"] });
  const ana = event.attendees[0]!;
  const { context } = await signedInAs(browser, "door");
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await duringCheckIn(event.id, async () => {
    await page.goto(`/admin/check-in/${event.id}`);
    const fold = 844;
    const search = await page.getByRole("searchbox", { name: "Search by name or email" }).boundingBox();
    const firstButton = await page.getByRole("button", { name: "Check in Ana Ortiz" }).boundingBox();
    expect(search!.y + search!.height).toBeLessThan(fold);
    expect(firstButton!.y + firstButton!.height, "the first attendee's button is above the fold").toBeLessThan(fold);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A tap on Check in, and a second tap on the same spot as soon as the answer is there: the button
    // reads "Checked in" for a second and ignores it (force: a finger does not wait for the button).
    await page.getByRole("button", { name: "Check in Ana Ortiz" }).click();
    await expect(page.getByRole("status").filter({ hasText: "checked in" }).first()).toHaveText("Ana Ortiz is checked in.");
    const settling = page.getByRole("button", { name: "Checked in for Ana Ortiz" });
    await expect(settling).toHaveAttribute("aria-disabled", "true");
    await settling.click({ force: true });
    // Only after the second does the button offer the undo; nothing was undone meanwhile.
    await expect(page.getByRole("button", { name: "Undo check-in for Ana Ortiz" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "checked in" }).first()).toHaveText("Ana Ortiz is checked in.");
    await expect(page.getByTestId("door-count")).toHaveText("1 of 3 checked in");
    expect((await registrationStatus(ana.registrationId)).checked_in_at).not.toBeNull();
    await expectNoA11yViolations(page);
  }).finally(() => context.close());
});
