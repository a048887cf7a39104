/**
 * The member profile with JavaScript: every tab and axe, the tabs' keyboard pattern, saves in place,
 * settings on change, the password and the sessions. What the server answers (the redirect to sign in,
 * the Membership and Orders texts, the forms without JavaScript): e2e/http/profile.spec.ts.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember } from "./member";

const TABS = [
  { id: "profile", label: "Profile", heading: "Personal information" },
  { id: "membership", label: "Membership", heading: "Your membership" },
  { id: "events", label: "My Events", heading: "My Events" },
  { id: "orders", label: "Orders", heading: "Orders" },
  { id: "giving", label: "Giving", heading: "Giving" },
  { id: "security", label: "Security", heading: "Change password" },
  { id: "settings", label: "Settings", heading: "Settings" },
] as const;

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Profile sections" }).getByRole("tab", { name, exact: true });
const panel = (page: Page) => page.getByRole("tabpanel");
const status = (page: Page) => page.getByRole("main").getByRole("status");

async function signIn(page: Page, email: string, password: string, next = "/profile") {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
}

async function otherContextPage(browser: Browser) {
  // A context of its own is another visitor, with its own cookies.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test("every tab opens from its URL, with one h1, Sign Out, and no axe violations", async ({ page }) => {
  test.setTimeout(90_000); // seven pages, each checked with axe
  await signUpMember(page);
  for (const { id, label, heading } of TABS) {
    await page.goto(`/profile?tab=${id}`);
    await expect(tab(page, label)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { selected: true })).toHaveCount(1);
    await expect(panel(page).getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  // Unknown or missing tab: the profile tab.
  await page.goto("/profile?tab=nope");
  await expect(tab(page, "Profile")).toHaveAttribute("aria-selected", "true");
});

test("tabs follow the WAI-ARIA keyboard pattern and update the URL without a reload", async ({ page }) => {
  await signUpMember(page);
  await page.goto("/profile");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const profileTab = tab(page, "Profile");
  await expect(profileTab).toHaveAttribute("tabindex", "0");
  await expect(tab(page, "Settings")).toHaveAttribute("tabindex", "-1");
  await profileTab.focus();

  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Membership")).toBeFocused();
  await expect(tab(page, "Membership")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/profile\?tab=membership$/);
  await expect(panel(page).getByRole("heading", { name: "Your membership", exact: true })).toBeVisible();

  await page.keyboard.press("End");
  await expect(tab(page, "Settings")).toBeFocused();
  await expect(page).toHaveURL(/\/profile\?tab=settings$/);
  await expect(panel(page).getByRole("checkbox", { name: "Email notifications" })).toBeVisible();

  await page.keyboard.press("ArrowRight"); // wraps to the first
  await expect(profileTab).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === "/profile" && url.search === "");

  await page.keyboard.press("ArrowLeft"); // wraps to the last
  await expect(tab(page, "Settings")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(profileTab).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "My Events")).toHaveAttribute("aria-selected", "true");
  await expect(panel(page).getByText("You haven't registered for any events yet.")).toBeVisible();
  await expect(panel(page).getByRole("link", { name: "Browse the event calendar" })).toHaveAttribute("href", "/calendar");

  // Tab leaves the tab list for the panel.
  await page.keyboard.press("Tab");
  await expect(panel(page)).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a new member's profile starts empty; a save survives reload; errors keep what was typed", async ({ page }) => {
  const { email } = await signUpMember(page);
  await page.goto("/profile");
  const form = panel(page);
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Email")).toBeDisabled();
  for (const label of ["First name", "Last name", "Phone", "Address"]) await expect(form.getByLabel(label)).toHaveValue("");
  await expect(form.getByLabel("Military status")).toHaveValue("");

  await form.getByLabel("First name").fill("Maria");
  await form.getByLabel("Last name").fill("Lopez");
  await form.getByLabel("Phone").fill("call me");
  await form.getByRole("button", { name: "Save Profile" }).click();
  await expect(form.getByText("Phone may contain only digits, spaces and + ( ) - .")).toBeVisible();
  await expect(form.getByLabel("Phone")).toBeFocused();
  await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("First name")).toHaveValue("Maria");
  await expectNoA11yViolations(page);

  await form.getByLabel("Phone").fill("+1 (512) 555-0147");
  await form.getByLabel("Address").fill("100 Congress Ave, Austin, TX 78701");
  await form.getByLabel("Military status").selectOption({ label: "Veteran" });
  await form.getByRole("button", { name: "Save Profile" }).click();
  await expect(status(page)).toHaveText("Profile saved.");
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(form.getByLabel("First name")).toHaveValue("Maria");
  await expect(form.getByLabel("Last name")).toHaveValue("Lopez");
  await expect(form.getByLabel("Phone")).toHaveValue("+1 (512) 555-0147");
  await expect(form.getByLabel("Address")).toHaveValue("100 Congress Ave, Austin, TX 78701");
  await expect(form.getByLabel("Military status")).toHaveValue("veteran");
});

test("settings save on change, survive reload, and survive signing out and in", { tag: "@two-servers" }, async ({ page }) => {
  const { email, password } = await signUpMember(page);
  await page.goto("/profile?tab=settings");
  const box = (name: string) => panel(page).getByRole("checkbox", { name });
  await expect(box("Email notifications")).toBeChecked();
  // Off until the member opts in and confirms by email (e2e/newsletter.spec.ts).
  await expect(box("Marketing emails")).not.toBeChecked();
  // Only settings the site acts on: no text messages (there is no SMS provider), nothing shown to other members.
  await expect(panel(page).getByRole("checkbox")).toHaveCount(2);
  await expect(panel(page)).not.toContainText(/text message|other members|attendee list|visibility/i);
  // With JavaScript the boxes save themselves, and the tab says so instead of offering a button.
  await expect(panel(page)).toContainText("Changes save as you make them.");
  await expect(panel(page).getByRole("button", { name: "Save settings" })).toHaveCount(0);

  await box("Email notifications").uncheck();
  await expect(status(page)).toHaveText("Settings saved.");
  await expect(box("Email notifications")).not.toBeChecked();
  await expectNoA11yViolations(page);

  await page.reload();
  await expect(box("Email notifications")).not.toBeChecked();
  await expect(box("Marketing emails")).not.toBeChecked();

  await signOut(page);
  await signIn(page, email, password, "/profile?tab=settings");
  await expect(page).toHaveURL(/\/profile\?tab=settings$/);
  await expect(box("Email notifications")).not.toBeChecked();
  await expect(box("Marketing emails")).not.toBeChecked();
});

test("change password: mismatch, wrong current, common password, then success; only the new one signs in", async ({ page }) => {
  const { email, password } = await signUpMember(page);
  const newPassword = "quiet lantern over the ridge";
  await page.goto("/profile?tab=security");
  // The tab also holds the change-of-address and delete-account forms, which ask for the password too.
  const form = panel(page).locator("form").filter({ has: page.getByRole("button", { name: "Change Password" }) });
  const fill = async (current: string, next: string, confirm = next) => {
    await form.getByLabel("Current password").fill(current);
    await form.getByLabel("New password", { exact: true }).fill(next);
    await form.getByLabel("Confirm new password").fill(confirm);
    await form.getByRole("button", { name: "Change Password" }).click();
  };

  // Password managers file the new password under this account.
  await expect(form.locator("input[autocomplete=username]")).toHaveValue(email);

  await fill(password, newPassword, "something else entirely");
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await expect(form.getByLabel("Confirm new password")).toBeFocused();
  await expectNoA11yViolations(page);

  await fill("not my password at all", newPassword);
  await expect(form.getByText("Your current password is incorrect.")).toBeVisible();

  await fill(password, "password1");
  await expect(form.getByText("This password is too common. Please choose a different one.")).toBeVisible();

  await fill(password, "short");
  await expect(form.getByText("Password must be at least 8 characters.")).toBeVisible();

  await fill(password, newPassword);
  await expect(status(page).filter({ hasText: "Password changed." })).toBeVisible();
  // Still signed in here.
  await page.reload();
  await expect(tab(page, "Security")).toHaveAttribute("aria-selected", "true");

  await signOut(page);
  await signIn(page, email, password);
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === "/profile");
});

test("sessions list this device, and 'Sign out of other sessions' ends the other one", { tag: "@two-servers" }, async ({ page, browser }) => {
  const { email, password } = await signUpMember(page);
  const other = await otherContextPage(browser);
  await signIn(other.page, email, password);
  await expect(other.page).toHaveURL((url) => url.pathname === "/profile");

  await page.goto("/profile?tab=security");
  const sessions = panel(page).getByTestId("session");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(sessions.first()).toContainText("This device");
  await expect(sessions.first()).toContainText(/Chrome/);
  await expect(sessions.first()).toContainText("Last active");
  await expectNoA11yViolations(page);

  await panel(page).getByRole("button", { name: "Sign out of other sessions" }).click();
  await expect(status(page).filter({ hasText: "Signed out of 1 other session." })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expectNoA11yViolations(page);

  await other.page.goto("/profile");
  await expect(other.page).toHaveURL(/\/login\?next=/);
  await other.context.close();

  await page.reload();
  await expect(tab(page, "Security")).toHaveAttribute("aria-selected", "true");
});

