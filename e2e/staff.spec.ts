/**
 * The staff area: who may open which page (generated from the route files, so a new page without a
 * check fails here), the dashboard, and managing roles — as staff on desktop and on a phone.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { SAMPLE_PROGRAM, sampleFaqId, sampleLeaderId, sampleLocationId } from "./content-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { addOutboxRow, createAccount } from "./members-desk-db";
import { productIdOf } from "./catalogue-db";
import { createEvent } from "./events-db";
import { createDraftIssue } from "./newsletter-db";
import { seedGift } from "./donations-db";
import { addContactMessage, createOrder, roleOf, type Role } from "./staff-db";
import { signedInAs } from "./staff-session";
import { addVerificationRequest } from "./verification-db";

const STAFF_ROUTES = path.join("src", "app", "(staff)", "admin");

/** Who may open each staff page; everyone else signed in gets the 404 page, a visitor the sign-in page. */
const ALLOWED: Record<string, readonly Role[]> = {
  "/admin": ["staff", "admin"],
  "/admin/audit": ["staff", "admin"],
  "/admin/emails": ["staff", "admin"],
  "/admin/emails/[id]": ["staff", "admin"],
  "/admin/members": ["staff", "admin"],
  "/admin/members/[id]": ["staff", "admin"],
  "/admin/memberships": ["staff", "admin"],
  "/admin/catalogue": ["staff", "admin"],
  "/admin/catalogue/[id]": ["staff", "admin"],
  "/admin/catalogue/new": ["staff", "admin"],
  "/admin/content": ["staff", "admin"],
  "/admin/content/contact": ["staff", "admin"],
  "/admin/content/faqs": ["staff", "admin"],
  "/admin/content/faqs/[id]": ["staff", "admin"],
  "/admin/content/leaders": ["staff", "admin"],
  "/admin/content/leaders/[id]": ["staff", "admin"],
  "/admin/content/locations": ["staff", "admin"],
  "/admin/content/locations/[id]": ["staff", "admin"],
  "/admin/content/training": ["staff", "admin"],
  "/admin/content/training/[id]": ["staff", "admin"],
  "/admin/donations": ["staff", "admin"],
  "/admin/donations/[id]": ["staff", "admin"],
  "/admin/donations/export": ["staff", "admin"],
  "/admin/donations/monthly": ["staff", "admin"],
  "/admin/donations/statements": ["staff", "admin"],
  "/admin/donations/totals": ["staff", "admin"],
  "/admin/check-in": ["door", "staff", "admin"],
  "/admin/check-in/[id]": ["door", "staff", "admin"],
  "/admin/events": ["staff", "admin"],
  "/admin/events/[id]": ["staff", "admin"],
  "/admin/events/[id]/attendees.csv": ["staff", "admin"],
  "/admin/events/new": ["staff", "admin"],
  "/admin/messages": ["staff", "admin"],
  "/admin/messages/[id]": ["staff", "admin"],
  "/admin/newsletter": ["staff", "admin"],
  "/admin/newsletter/[id]": ["staff", "admin"],
  "/admin/newsletter/subscribers": ["staff", "admin"],
  "/admin/newsletter/subscribers.csv": ["staff", "admin"],
  "/admin/orders": ["staff", "admin"],
  "/admin/orders/export": ["staff", "admin"],
  "/admin/orders/[id]": ["staff", "admin"],
  "/admin/pricing": ["staff", "admin"],
  "/admin/staff": ["admin"],
  "/admin/verifications": ["staff", "admin"],
  "/admin/verifications/[id]": ["staff", "admin"],
  "/admin/verifications/[id]/document": ["staff", "admin"],
};

/** Pages that send someone elsewhere instead: a door volunteer's front door is the check-in page. */
const REDIRECTED: Record<string, Partial<Record<Role, string>>> = {
  "/admin": { door: "/admin/check-in" },
};

/** A real record for each dynamic segment, so a page that may be opened answers 200. */
async function concrete(route: string): Promise<string> {
  if (!route.includes("[id]")) return route;
  if (route.startsWith("/admin/messages/")) return route.replace("[id]", String(await addContactMessage(`Route check ${Date.now()}`)));
  if (route.startsWith("/admin/orders/")) return route.replace("[id]", (await createOrder()).id);
  if (route.startsWith("/admin/donations/")) return route.replace("[id]", (await seedGift({ email: `route-${Date.now()}@example.com`, cents: 2500, at: new Date("2027-06-01T17:00:00Z") })).id);
  if (route.startsWith("/admin/members/")) return route.replace("[id]", (await createAccount()).id);
  if (route.startsWith("/admin/emails/")) return route.replace("[id]", String(await addOutboxRow()));
  if (route.startsWith("/admin/newsletter/")) return route.replace("[id]", String(await createDraftIssue(`Route check ${Date.now()}`)));
  if (route.startsWith("/admin/catalogue/")) return route.replace("[id]", String(await productIdOf("tactical-cap")));
  if (route === "/admin/content/faqs/[id]") return route.replace("[id]", String(await sampleFaqId()));
  if (route === "/admin/content/leaders/[id]") return route.replace("[id]", String(await sampleLeaderId()));
  if (route === "/admin/content/locations/[id]") return route.replace("[id]", String(await sampleLocationId()));
  if (route === "/admin/content/training/[id]") return route.replace("[id]", SAMPLE_PROGRAM);
  if (route.startsWith("/admin/verifications/")) return route.replace("[id]", await addVerificationRequest());
  if (route.startsWith("/admin/events/") || route.startsWith("/admin/check-in/")) return route.replace("[id]", String((await createEvent("Route check", { capacity: 10 })).id));
  throw new Error(`no sample record for ${route}: add one to concrete() in e2e/staff.spec.ts`);
}

/** Every page (page.tsx) and download (route.ts) under /admin, as its route pattern. */
function staffPages(folder = STAFF_ROUTES, route = "/admin"): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && (entry.name === "page.tsx" || entry.name === "route.ts")) pages.push(route);
    if (entry.isDirectory()) pages.push(...staffPages(path.join(folder, entry.name), `${route}/${entry.name}`));
  }
  return pages;
}

/** The staff routes that answer a file rather than a page, and the file's type. */
const DOWNLOADS = new Map([
  ["/admin/orders/export", "text/csv; charset=utf-8"],
  ["/admin/donations/export", "text/csv; charset=utf-8"],
  ["/admin/events/[id]/attendees.csv", "text/csv; charset=utf-8"],
  ["/admin/newsletter/subscribers.csv", "text/csv; charset=utf-8"],
  ["/admin/verifications/[id]/document", "image/png"],
]);

test("every staff page and download is listed here with who may open it", () => {
  expect(staffPages().sort()).toEqual(Object.keys(ALLOWED).sort());
});

test("each staff page answers visitors, members, door volunteers, staff and admins as it should", async ({ browser, request }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  test.slow(); // every staff page, five times
  const people = await Promise.all((["member", "door", "staff", "admin"] as const).map(async (who) => [who, await signedInAs(browser, who === "member" ? null : who)] as const));
  for (const [pattern, allowed] of Object.entries(ALLOWED)) {
    const route = await concrete(pattern);
    const visitor = await request.get(route, { maxRedirects: 0 });
    expect(visitor.status(), `${route} as a visitor`).toBe(307);
    expect(new URL(visitor.headers().location!, "http://site").pathname + new URL(visitor.headers().location!, "http://site").search, route).toBe(`/login?next=${encodeURIComponent(route)}`);
    for (const [who, { context }] of people) {
      const response = await context.request.get(route, { maxRedirects: 0 });
      const elsewhere = who !== "member" ? REDIRECTED[pattern]?.[who] : undefined;
      if (elsewhere) {
        expect(response.status(), `${route} as ${who}`).toBe(307);
        expect(new URL(response.headers().location!, "http://site").pathname, `${route} as ${who}`).toBe(elsewhere);
        continue;
      }
      const expected = who !== "member" && allowed.includes(who) ? 200 : 404;
      expect(response.status(), `${route} as ${who}`).toBe(expected);
      expect(response.headers()["cache-control"], `${route} as ${who} is never cached`).toMatch(/no-store/);
      if (DOWNLOADS.has(pattern)) {
        if (expected === 200) expect(response.headers()["content-type"], `${route} as ${who}`).toBe(DOWNLOADS.get(pattern));
        else expect(await response.text(), `${route} as ${who} gives nothing away`).toBe("Not found");
        continue;
      }
      const html = await response.text();
      if (expected === 200) {
        expect(html, `${route} as ${who}`).toContain('<meta name="robots" content="noindex, nofollow"');
      } else {
        // The 404 page is in the first HTML (text browsers), and a member sees nothing of the staff area.
        expect(html, `${route} as ${who}`).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
        if (who === "member") expect(html, `${route} as ${who} shows nothing of the staff area`).not.toMatch(/staff area/i);
      }
    }
  }
  await Promise.all(people.map(([, { context }]) => context.close()));
});

test("the dashboard shows what needs doing, warns that e-mail is off, and passes axe", async ({ browser }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const subject = `Question about the ruck march ${Date.now()}`;
  await addContactMessage(subject);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The e2e server runs without SMTP_URL, like a site whose mail was never set up.
  await expect(page.getByRole("alert").filter({ hasText: "E-mail is turned off" })).toBeVisible();
  for (const heading of ["To collect and pay at pickup", "Awaiting payment", "New messages", "Service verifications", "Next events", "Low stock"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "New messages" }).getByRole("link", { name: subject })).toHaveAttribute("href", /^\/admin\/messages\/\d+$/);
  // Staff see the pages their role allows, and no link to managing staff.
  const nav = page.getByRole("navigation", { name: "Staff area" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Orders", "Donations", "Events", "Check-in", "Messages", "Catalog", "Content", "Pricing", "Members", "Memberships", "Verifications", "Newsletter", "E-mail log", "Audit log"]);
  await expectNoA11yViolations(page);
  await context.close();
});

test("an admin gives a member a role, sees it in the audit log, and takes it away, which signs them out", async ({ browser }) => {
  test.setTimeout(60_000); // two axe scans and five page loads: about 30 s on a busy machine
  const admin = await signedInAs(browser, "admin");
  const person = await signedInAs(browser, null);
  const page = await admin.context.newPage();
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expectNoA11yViolations(page);

  const grant = page.getByRole("region", { name: "Give someone a role" });
  await grant.getByRole("button", { name: "Give role" }).click();
  await expect(grant.getByText("Enter the person's e-mail address.")).toBeVisible();
  await expect(grant.getByRole("textbox", { name: "E-mail address of their account" })).toBeFocused();

  await grant.getByRole("textbox", { name: "E-mail address of their account" }).fill(`nobody-${Date.now()}@example.com`);
  await grant.getByRole("button", { name: "Give role" }).click();
  await expect(grant.getByText("No account uses that e-mail address. The person must sign up first.")).toBeVisible();

  await grant.getByRole("textbox", { name: "E-mail address of their account" }).fill(person.email);
  await grant.getByRole("combobox", { name: "Role" }).selectOption("door");
  await grant.getByRole("button", { name: "Give role" }).click();
  await expect(grant.getByRole("status")).toHaveText(`${person.email} now has the role Door volunteer.`);
  expect(await roleOf(person.email)).toBe("door");
  const row = page.getByRole("region", { name: "People with a role" }).getByRole("listitem").filter({ hasText: person.email });
  await expect(row).toContainText("Door volunteer");

  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByRole("textbox", { name: "Record type" }).fill("user");
  await row.page().getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row").filter({ hasText: "staff.grant" }).filter({ hasText: admin.email }).first()).toBeVisible();
  await expectNoA11yViolations(page);

  // The person's own browser: signed in, and able to open nothing but what a door volunteer may.
  const theirs = await person.context.newPage();
  expect((await theirs.goto("/admin/staff"))?.status()).toBe(404);

  await page.goto("/admin/staff");
  await row.getByRole("button", { name: `Remove from staff (${person.email})` }).click();
  await expect(page.getByRole("region", { name: "People with a role" }).getByRole("status")).toHaveText(`${person.email} is no longer on the staff.`);
  await expect(row).toHaveCount(0);
  expect(await roleOf(person.email)).toBeNull();
  await theirs.goto("/profile");
  await expect(theirs).toHaveURL((url) => url.pathname === "/login");
  await Promise.all([admin.context.close(), person.context.close()]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the role form is a plain form post", async ({ browser }) => {
    const admin = await signedInAs(browser, "admin");
    const person = await signedInAs(browser, null);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await admin.context.storageState() });
    const page = await context.newPage();
    await page.goto("/admin/staff");
    const grant = page.getByRole("region", { name: "Give someone a role" });
    await grant.getByRole("textbox", { name: "E-mail address of their account" }).fill(person.email);
    await grant.getByRole("combobox", { name: "Role" }).selectOption("staff");
    await grant.getByRole("button", { name: "Give role" }).click();
    await expect(page.getByRole("region", { name: "Give someone a role" }).getByRole("status")).toHaveText(`${person.email} now has the role Staff.`);
    expect(await roleOf(person.email)).toBe("staff");
    await Promise.all([context.close(), admin.context.close(), person.context.close()]);
  });
});
