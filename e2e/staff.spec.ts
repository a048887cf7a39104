/**
 * The staff area in a browser: the dashboard and the staff navigation (on a phone too, where volunteers
 * use them), and the role forms with JavaScript, with axe. Who may open which page (generated from the
 * route files), what the dashboard lists and the role journey's server answers: e2e/http/staff.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { createAccount } from "./members-desk-db";
import { addContactMessage, roleOf } from "./staff-db";
import { signedInAs } from "./staff-session";
import { DESKS } from "../src/features/staff/desks";
import { roleAllows } from "../src/lib/access-control";

test("the dashboard shows what needs doing, warns that email is off, and passes axe", { tag: "@phone" }, async ({ browser, isMobile }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const subject = `Question about the ruck march ${Date.now()}`;
  await addContactMessage(subject);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The e2e server runs without SMTP_URL, like a site whose mail was never set up.
  await expect(page.getByRole("alert").filter({ hasText: "Email is turned off" })).toBeVisible();
  for (const heading of ["To collect and pay at pickup", "Awaiting payment", "New messages", "Service verifications", "Next events", "Low stock"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "New messages" }).getByRole("link", { name: subject })).toHaveAttribute("href", /^\/admin\/messages\/\d+$/);
  // Staff see the pages their role allows, and no link to managing staff (on a phone, behind the Menu button).
  if (isMobile) await page.locator("header summary").click();
  const nav = page.getByRole("navigation", { name: "Staff area" });
  await expect(nav.getByRole("link")).toHaveText(DESKS.filter((desk) => roleAllows("staff", desk.permission)).map((desk) => desk.label));
  await expect(nav.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await context.close();
});

test("with JavaScript, the role forms answer in place: an empty address takes the focus, a role is given and taken away; the audit log passes axe", { tag: "@phone" }, async ({ browser }) => {
  const admin = await signedInAs(browser, "admin");
  const person = await createAccount("Casey Morgan");
  const page = await admin.context.newPage();
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expectNoA11yViolations(page);

  const grant = page.getByRole("region", { name: "Give someone a role" });
  const address = grant.getByRole("textbox", { name: "Email address of their account" });
  await grant.getByRole("button", { name: "Give role" }).click();
  await expect(grant.getByText("Enter the person's email address.")).toBeVisible();
  await expect(address).toBeFocused();

  await address.fill(person.email);
  await grant.getByRole("combobox", { name: "Role" }).selectOption("door");
  await grant.getByRole("button", { name: "Give role" }).click();
  await expect(grant.getByRole("status")).toHaveText(`${person.email} now has the role Door volunteer.`);
  const row = page.getByRole("region", { name: "People with a role" }).getByRole("listitem").filter({ hasText: person.email });
  await expect(row).toContainText("Door volunteer");
  // Unticked, the removal is refused and the box beside the button takes the focus.
  await row.getByRole("button", { name: `Remove from staff (${person.email})` }).click();
  const box = row.getByRole("checkbox", { name: /^Yes, remove / });
  await expect(box).toBeFocused();
  await expect(row.getByText("Tick the box to confirm that this person should leave the staff.")).toBeVisible();
  expect(await roleOf(person.email)).toBe("door");
  await expectNoA11yViolations(page);
  await box.check();
  await row.getByRole("button", { name: `Remove from staff (${person.email})` }).click();
  await expect(page.getByRole("region", { name: "People with a role" }).getByRole("status")).toHaveText(`${person.email} is no longer on the staff.`);
  await expect(row).toHaveCount(0);
  expect(await roleOf(person.email)).toBeNull();

  await page.goto("/admin/audit?type=user");
  await expect(page.getByRole("row").filter({ hasText: "staff.grant" }).filter({ hasText: admin.email }).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await admin.context.close();
});

test("on a phone the staff header is one line and a Menu button naming the desk; the menu opens, leads to a desk and closes there", { tag: "@phone" }, async ({ browser, isMobile }) => {
  test.skip(!isMobile, "the phone's layout");
  const staff = await signedInAs(browser, "staff");
  const page = await staff.context.newPage();
  await page.goto("/admin/orders");
  const menu = page.locator("header summary");
  await expect(menu).toHaveText(/Menu · Orders/);
  const nav = page.getByRole("navigation", { name: "Staff area" });
  await expect(nav).toBeHidden();
  // The header no longer pushes the page down by the desks' list: about 350 px before, two short lines
  // now (the account's line and the Menu button, about 180 px on a 390 px phone).
  expect((await page.locator("header").boundingBox())!.height).toBeLessThan(200);
  await menu.click();
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expectNoA11yViolations(page);
  await nav.getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.locator("header summary")).toHaveText(/Menu · Messages/);
  await expect(nav).toBeHidden();
  await staff.context.close();
});
