/**
 * The year at a glance in a browser without JavaScript, on desktop and on a phone: the four charts are
 * drawn (pictures named by their takeaway, with their legends), no wider than the screen, their tables
 * open from their "The figures as a table" buttons, and the months are chosen with the plain form; axe
 * passes with every table open (with JavaScript: axe is a script). What the charts, tables and CSVs
 * hold, and every refusal: e2e/http/year-at-a-glance.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { createSignedInAccount, sessionCookie, signedInAs } from "./staff-session";

const TITLES = ["Gifts and sales by month", "Members by plan and standing, today", "Event attendance against seats, and no-shows", "Newsletter subscribers over time"];

test("without JavaScript the charts, legends and tables show within the screen, the months are chosen with the form, and axe passes @phone", async ({ browser }) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = test.info().project.use;
  const token = await createSignedInAccount(uniqueMemberEmail("year-glance"), "staff");
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled: false });
  await context.addCookies([sessionCookie(token, baseURL!)]);
  const page = await context.newPage();

  await page.goto("/admin");
  await page.getByRole("link", { name: "the year at a glance" }).click();
  await expect(page).toHaveURL(/\/admin\/year$/);
  await expect(page.getByRole("heading", { level: 1, name: "The year at a glance" })).toBeVisible();
  const width = page.viewportSize()!.width;
  for (const title of TITLES) {
    const chart = page.getByRole("region", { name: title });
    const picture = chart.getByRole("img", { name: new RegExp(`^${title.replace(/[(),]/g, "\\$&")} `) });
    await expect(picture, title).toBeVisible();
    const box = (await picture.boundingBox())!;
    expect(box.width, `${title}: a readable picture`).toBeGreaterThan(Math.min(280, width - 80));
    expect(box.x + box.width, `${title}: within the screen`).toBeLessThanOrEqual(width);
    // The table behind it opens without JavaScript (a native <details>), its rows in sight.
    await expect(chart.getByRole("table")).toBeHidden();
    await chart.getByText("The figures as a table").click();
    await expect(chart.getByRole("table")).toBeVisible();
    await expect(chart.getByRole("row").nth(1)).toBeVisible();
  }
  // Two series or more have a legend that names each one.
  await expect(page.getByRole("region", { name: TITLES[0] }).getByRole("list", { name: "Legend" }).getByRole("listitem")).toHaveText(["Jul 2026 to Jun 2027", "Jul 2025 to Jun 2026"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  const form = page.getByRole("form", { name: "Choose the months" });
  await form.getByLabel("First month").fill("2026-01");
  await form.getByLabel("Last month").fill("2026-12");
  await form.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/year\?from=2026-01&to=2026-12$/);
  await expect(page.getByRole("region", { name: TITLES[0] }).getByTestId("takeaway")).toContainText("from Jan 2026 to Dec 2026");
  await expect(page.getByRole("region", { name: TITLES[2] }).getByRole("img")).toBeVisible();

  await page.goto("/admin/year?from=2026-13");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("These months could not be shown: see below. The charts show July 2026 to June 2027 instead.");
  await context.close();

  // axe runs its checks as a script in the page, so it scans the same pages with JavaScript on: every table open, and the refusal.
  const { context: withScripts } = await signedInAs(browser, "staff");
  const scanned = await withScripts.newPage();
  await scanned.goto("/admin/year");
  for (const summary of await scanned.getByText("The figures as a table").all()) await summary.click();
  await expect(scanned.getByRole("table")).toHaveCount(TITLES.length);
  for (const table of await scanned.getByRole("table").all()) await expect(table).toBeVisible();
  await expectNoA11yViolations(scanned);
  await scanned.goto("/admin/year?from=2026-13");
  await expect(scanned.getByRole("main").getByRole("alert")).toBeVisible();
  await expectNoA11yViolations(scanned);
  await withScripts.close();
});
