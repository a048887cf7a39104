/**
 * The member profile as the server answers it: a visitor sent to sign in and back, the Membership and
 * Orders tabs' texts, and the tabs, profile and settings forms without JavaScript. The tabs' keyboard
 * pattern, saving on change, the password and sessions with JavaScript, and axe: e2e/profile.spec.ts.
 */
import { formatLongDate } from "../../src/lib/time";
import { E2E_CLOCK_START } from "../clock";
import { expect, test } from "./fixtures";

const PANEL = "[role=tabpanel]";

test("anonymous visitors are sent to /login and come back to the tab they asked for", async ({ visitor }) => {
  const login = await visitor.get("/profile?tab=settings");
  expect(login.url.pathname).toBe("/login");
  expect(login.url.searchParams.get("next")).toBe("/profile?tab=settings");
});

test("membership shows Basic, Active, the join date and renewal a year later, and how to upgrade; Orders starts empty", async ({ signedIn }) => {
  const { browser } = await signedIn(null);
  const membership = await browser.get("/profile?tab=membership");
  const fmt = (date: Date) => formatLongDate(date);
  // better-auth stamps the join date with the system clock; Basic renews on the first anniversary
  // after the site's clock (e2e/clock.ts), which may be a year or more ahead of the system's.
  const joined = new Date();
  const renews = new Date(joined);
  do renews.setFullYear(renews.getFullYear() + 1);
  while (renews <= new Date(E2E_CLOCK_START));
  const panel = membership.text(PANEL);
  for (const text of ["Basic", "Active", fmt(joined), fmt(renews), "$99/year", "$199/year"]) expect(panel).toContain(text);
  expect(membership.buttons(PANEL)).toEqual(expect.arrayContaining(["Upgrade to Premium", "Upgrade to Elite"]));

  const orders = await browser.get("/profile?tab=orders");
  expect(orders.text(PANEL)).toContain("No orders yet.");
  expect(orders.link("Visit the shop", PANEL).href).toBe("/shop");
});

test("without JavaScript the tabs are links and the profile and settings forms still save", async ({ signedIn }) => {
  const { browser } = await signedIn(null);
  const profile = await browser.get("/profile");
  const tabs = "[role=tablist][aria-label='Profile sections']";
  const settingsTab = await profile.follow("Settings", tabs);
  expect(settingsTab.url.pathname + settingsTab.url.search).toBe("/profile?tab=settings");
  const profileTab = await settingsTab.follow("Profile", tabs);
  expect(profileTab.url.pathname + profileTab.url.search).toBe("/profile");

  const saved = await profileTab.form({ button: "Save Profile" }).fill("First name", "Sam").select("Military status", "Reserve/Guard").submit("Save Profile");
  expect(saved.text("main [role=status]")).toBe("Profile saved.");
  const again = await browser.get("/profile");
  expect(again.control("First name", PANEL).attr("value")).toBe("Sam");
  expect(again.control("Military status", PANEL).find("option[selected]").attr("value")).toBe("reserve-guard");

  const settings = await browser.get("/profile?tab=settings");
  // Without JavaScript nothing saves by itself: the button is there, and no promise that it does.
  expect(settings.text(PANEL)).not.toContain("save as you make them");
  const savedSettings = await settings.form({ button: "Save settings" }).check("Email notifications", false).submit("Save settings");
  expect(savedSettings.text("main [role=status]")).toBe("Settings saved.");
  const reread = await browser.get("/profile?tab=settings");
  expect(reread.control("Email notifications", PANEL).is("[checked]")).toBe(false);
  expect(settings.control("Email notifications", PANEL).is("[checked]")).toBe(true);
});
