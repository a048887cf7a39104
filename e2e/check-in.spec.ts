/**
 * Check-in at the door, on a phone as much as a laptop: a door volunteer lands on the check-in page,
 * picks the event, finds an attendee by name, checks them in with one tap and can undo it; the same
 * with the keyboard alone; the QR code's address opens that attendee for staff and for nobody else;
 * and it works without JavaScript. Each test makes its own event and attendees.
 */
import type { Page } from "@playwright/test";
import { createDoorEvent, registrationStatus } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { setRole, type Role } from "./staff-db";
import { signedInAs } from "./staff-session";

test.beforeEach(() => test.slow());

/** The test's own page (desktop or phone) signed in as a new member holding `role`. */
async function signInAs(page: Page, role: Role): Promise<void> {
  const { email } = await signUpMember(page, { email: uniqueMemberEmail(`check-in-${role}`) });
  await setRole(email, role);
}

test("a door volunteer lands on check-in, finds an attendee by name, checks them in with one tap, and undoes it", async ({ page }) => {
  const event = await createDoorEvent("Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ana = event.attendees[0]!;
  await signInAs(page, "door");
  await page.goto("/admin");
  await expect(page).toHaveURL((url) => url.pathname === "/admin/check-in");
  await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Staff area" }).getByRole("link")).toHaveText(["Check-in"]);
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: event.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Check-in: ${event.title}` })).toBeVisible();
  await expect(page.getByTestId("door-count")).toHaveText("0 of 2 checked in");
  await expectNoA11yViolations(page);

  await page.getByRole("searchbox", { name: "Search by name or e-mail" }).fill("ortiz");
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

  // Nothing else of the staff area opens for a door volunteer.
  expect((await page.goto(`/admin/events/${event.id}`))?.status()).toBe(404);
});

test("check-in done with the keyboard alone", async ({ page }) => {
  const event = await createDoorEvent("Keyboard Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ben = event.attendees[1]!;
  await signInAs(page, "door");
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

  await tabTo("Search by name or e-mail", "searchbox");
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
});

test("the QR code's address opens that attendee for staff; a visitor is sent to sign in, a member gets the 404", async ({ page, browser, request }) => {
  const event = await createDoorEvent("QR Clinic", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park"] });
  const ben = event.attendees[1]!;
  const address = `/admin/check-in/${event.id}?registration=${ben.registrationId}`;

  const visitor = await request.get(address, { maxRedirects: 0 });
  expect(visitor.status()).toBe(307);
  expect(new URL(visitor.headers().location!, "http://site").search).toBe(`?next=${encodeURIComponent(address)}`);
  const member = await signedInAs(browser, null);
  expect((await member.context.request.get(address, { maxRedirects: 0 })).status()).toBe(404);
  await member.context.close();

  await signInAs(page, "staff");
  await page.goto(address);
  const scanned = page.getByRole("region", { name: "Scanned ticket" });
  await expect(scanned).toContainText("Ben Cole");
  await expectNoA11yViolations(page);
  await scanned.getByRole("button", { name: "Check in Ben Cole" }).click();
  await expect(scanned.getByRole("status")).toHaveText("Ben Cole is checked in.");
  expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();

  // Someone on the waitlist has no seat: their registration is not on the door's list.
  await page.goto(`/admin/check-in/${event.id}?registration=${event.waiting[0]!.registrationId}`);
  await expect(page.getByRole("region", { name: "Scanned ticket" })).toHaveCount(0);
  await expect(page.getByTestId("door-attendee")).toHaveCount(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and check-in are plain forms", async ({ page }) => {
    const event = await createDoorEvent("No-JS Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
    await signInAs(page, "door");
    await page.goto(`/admin/check-in/${event.id}`);
    await page.getByRole("searchbox", { name: "Search by name or e-mail" }).fill("Cole");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("door-attendee")).toHaveCount(1);
    await page.getByRole("button", { name: "Check in Ben Cole" }).click();
    await expect(page.getByRole("status").filter({ hasText: "checked in" })).toHaveText("Ben Cole is checked in.");
    expect((await registrationStatus(event.attendees[1]!.registrationId)).checked_in_at).not.toBeNull();
  });
});
