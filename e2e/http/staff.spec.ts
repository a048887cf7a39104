/**
 * The staff area as the server answers it: who may open which page (generated from the route files, so
 * a new page without a check fails here), what the dashboard lists, and managing roles with plain form
 * posts (the audit record, the 404 for a door volunteer, the sessions ended on removal). The dashboard on
 * a phone, the role form with JavaScript and axe: e2e/staff.spec.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { productIdOf } from "../catalog-db";
import { SAMPLE_PROGRAM, sampleFaqId, sampleLeaderId, sampleLocationId } from "../content-db";
import { seedGift } from "../donations-db";
import { createEvent } from "../events-db";
import { addOutboxRow, createAccount } from "../members-desk-db";
import { createDraftIssue } from "../newsletter-db";
import { addContactMessage, createOrder, roleOf, type Role } from "../staff-db";
import { addVerificationRequest } from "../verification-db";
import { DESKS, deskOf, permissionFor, type StaffRoute } from "../../src/features/staff/desks";
import { roleAllows, STAFF_ROLES } from "../../src/lib/access-control";
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

const STAFF_ROUTES = path.join("src", "app", "(staff)", "admin");

/**
 * Who may open a staff route: the roles whose permissions cover what its desk asks for
 * (src/features/staff/desks.ts); everyone else signed in gets the 404 page, a visitor the sign-in page.
 */
function allowedRoles(route: StaffRoute): readonly Role[] {
  return STAFF_ROLES.filter((role) => roleAllows(role, permissionFor(route)));
}

/**
 * The roles as ADR 0016 grants them, stated apart from the registry so that a desk given the wrong
 * permission fails here: door volunteers open the check-in pages only, only admins manage the staff,
 * staff and admins open everything else.
 */
function grantedByAdr0016(route: string): readonly Role[] {
  if (route === "/admin/check-in" || route.startsWith("/admin/check-in/")) return ["door", "staff", "admin"];
  if (route === "/admin/staff") return ["admin"];
  return ["staff", "admin"];
}

/** Pages that send someone elsewhere instead: a door volunteer's front door is the check-in page. */
const REDIRECTED: Record<string, Partial<Record<Role, string>>> = {
  "/admin": { door: "/admin/check-in" },
};

/** A real record for each dynamic segment, so a page that may be opened answers 200. */
async function concrete(route: string): Promise<string> {
  if (route === "/admin/year/export") return "/admin/year/export?chart=members"; // a download of one chart
  if (!route.includes("[id]")) return route;
  if (route.startsWith("/admin/messages/")) return route.replace("[id]", String(await addContactMessage(`Route check ${Date.now()}`)));
  if (route.startsWith("/admin/orders/")) return route.replace("[id]", (await createOrder()).id);
  if (route.startsWith("/admin/donations/")) return route.replace("[id]", (await seedGift({ email: `route-${Date.now()}@example.com`, cents: 2500, at: new Date("2027-06-01T17:00:00Z") })).id);
  if (route.startsWith("/admin/members/")) return route.replace("[id]", (await createAccount()).id);
  if (route.startsWith("/admin/emails/")) return route.replace("[id]", String(await addOutboxRow()));
  if (route.startsWith("/admin/newsletter/")) return route.replace("[id]", String(await createDraftIssue(`Route check ${Date.now()}`)));
  if (route.startsWith("/admin/catalog/")) return route.replace("[id]", String(await productIdOf("tactical-cap")));
  if (route === "/admin/content/faqs/[id]") return route.replace("[id]", String(await sampleFaqId()));
  if (route === "/admin/content/leaders/[id]") return route.replace("[id]", String(await sampleLeaderId()));
  if (route === "/admin/content/locations/[id]") return route.replace("[id]", String(await sampleLocationId()));
  if (route === "/admin/content/training/[id]") return route.replace("[id]", SAMPLE_PROGRAM);
  if (route.startsWith("/admin/verifications/")) return route.replace("[id]", await addVerificationRequest());
  if (route.startsWith("/admin/events/") || route.startsWith("/admin/check-in/")) return route.replace("[id]", String((await createEvent("Route check", { capacity: 10 })).id));
  throw new Error(`no sample record for ${route}: add one to concrete() in e2e/http/staff.spec.ts`);
}

/** Every page (page.tsx) and download (route.ts) under /admin: its route pattern and its file. */
function staffPages(folder = STAFF_ROUTES, route: StaffRoute = "/admin"): { route: StaffRoute; file: string }[] {
  const pages: { route: StaffRoute; file: string }[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && (entry.name === "page.tsx" || entry.name === "route.ts")) pages.push({ route, file: path.join(folder, entry.name) });
    if (entry.isDirectory()) pages.push(...staffPages(path.join(folder, entry.name), `${route}/${entry.name}`));
  }
  return pages;
}

/** The route a staff page or download names when it asks for its desk's permission, read from its source. */
function guardedRoute(file: string): string | undefined {
  return /\b(?:requireDeskPage|deskDownloadOrRefusal)\(\s*"([^"]+)"/.exec(readFileSync(file, "utf8"))?.[1];
}

/** The staff routes that answer a file rather than a page, and the file's type. */
const DOWNLOADS = new Map([
  ["/admin/orders/export", "text/csv; charset=utf-8"],
  ["/admin/donations/export", "text/csv; charset=utf-8"],
  ["/admin/events/[id]/attendees.csv", "text/csv; charset=utf-8"],
  ["/admin/newsletter/subscribers.csv", "text/csv; charset=utf-8"],
  ["/admin/year/export", "text/csv; charset=utf-8"],
  ["/admin/members/export", "text/csv; charset=utf-8"],
  ["/admin/catalog/export", "text/csv; charset=utf-8"],
  ["/admin/verifications/[id]/document", "image/png"],
  ["/admin/check-in/[id]/attendees.json", "application/json"],
  ["/admin/check-in/door-sw.js", "text/javascript; charset=utf-8"],
]);

/** The text of the page's status messages (role="status") that hold `text`, inside `within`. */
function statusWith(page: HttpPage, text: string, within = "main"): string {
  return page
    .$(within)
    .find("[role=status]")
    .toArray()
    .map((el) => page.text(el))
    .filter((said) => said.includes(text))
    .join("\n");
}

test("every staff page and download belongs to a desk, asks for its own route's permission, and opens to the roles ADR 0016 grants", () => {
  const pages = staffPages();
  for (const { route, file } of pages) {
    expect(() => deskOf(route), route).not.toThrow();
    expect(guardedRoute(file), `${file} asks for the permission of its own route`).toBe(route);
    expect(allowedRoles(route), route).toEqual(grantedByAdr0016(route));
  }
  // A permission stated for a page that does not exist (renamed, say) would silently stop applying.
  const stated = DESKS.flatMap((desk) => Object.keys(desk.pages ?? {}));
  expect(pages.map(({ route }) => route)).toEqual(expect.arrayContaining(stated));
});

test("each staff page answers visitors, members, door volunteers, staff and admins as it should", async ({ visitor, signedIn }) => {
  test.slow(); // every staff page, five times
  const people = await Promise.all((["member", "door", "staff", "admin"] as const).map(async (who) => [who, (await signedIn(who === "member" ? null : who)).browser] as const));
  for (const { route: pattern } of staffPages()) {
    const allowed = allowedRoles(pattern);
    const route = await concrete(pattern);
    const asVisitor = await visitor.request.get(route, { maxRedirects: 0 });
    expect(asVisitor.status(), `${route} as a visitor`).toBe(307);
    const location = new URL(asVisitor.headers().location!, "http://site");
    expect(location.pathname + location.search, route).toBe(`/login?next=${encodeURIComponent(route)}`);
    for (const [who, browser] of people) {
      const response = await browser.request.get(route, { maxRedirects: 0 });
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
});

test("the public site leads staff to the staff area (header, phone menu and profile), and members not", async ({ signedIn }) => {
  for (const role of ["door", "staff", "admin"] as const) {
    const { browser } = await signedIn(role);
    const home = await browser.get("/about");
    expect(home.links("Staff area", "header").map((link) => link.href), role).toEqual(["/admin", "/admin"]);
    const profile = await browser.get("/profile");
    expect(profile.link("Go to the staff area", "main").href, role).toBe("/admin");
  }
  const { browser: member } = await signedIn(null);
  expect((await member.get("/about")).links("Staff area")).toEqual([]);
  expect((await member.get("/profile")).links("Go to the staff area")).toEqual([]);
});

test("the staff menu names the desk a page belongs to, in the button a phone shows and on the desk's link", async ({ signedIn }) => {
  const { browser } = await signedIn("staff");
  for (const [path, desk] of [["/admin", "Dashboard"], ["/admin/orders", "Orders"], ["/admin/catalog/new", "Catalog"], ["/admin/stock", "Stock ledger"]] as const) {
    const page = await browser.get(path);
    expect(page.text("header details > summary"), path).toBe(`Menu · ${desk}▾`);
    expect(page.$("nav[aria-label='Staff area'] a[aria-current=page]").toArray().map((a) => page.text(a)), path).toEqual([desk]);
  }
});

test("the dashboard lists what needs doing, warns that email is off, and staff see the pages their role allows", async ({ signedIn }) => {
  const { browser } = await signedIn("staff");
  const subject = `Question about the ruck march ${Date.now()}`;
  await addContactMessage(subject);
  const page = await browser.get("/admin");
  expect(page.status).toBe(200);
  expect(page.heading(1)).toBe("Dashboard");
  // The e2e server runs without SMTP_URL, like a site whose mail was never set up.
  expect(page.$("[role=alert]").filter((_, el) => page.text(el).includes("Email is turned off"))).toHaveLength(1);
  expect(page.heading(2).split("\n")).toEqual(expect.arrayContaining(["To collect and pay at pickup", "Awaiting payment", "New messages", "Service verifications", "Next events", "Low stock"]));
  expect(page.link(subject, page.region("New messages")[0]!).href).toMatch(/^\/admin\/messages\/\d+$/);
  // Staff see the desks their role allows, in the registry's order, and no link to managing staff.
  const nav = page.links(/.*/, "nav[aria-label='Staff area']");
  expect(nav.map((link) => link.text)).toEqual(DESKS.filter((desk) => roleAllows("staff", desk.permission)).map((desk) => desk.label));
  expect(nav.map((link) => link.href)).toEqual(DESKS.filter((desk) => roleAllows("staff", desk.permission)).map((desk) => desk.href));
  expect(nav.map((link) => link.text)).not.toContain("Staff");
});

test("an admin gives a member a role, sees it in the audit log, and takes it away, which signs them out", async ({ signedIn }) => {
  const admin = await signedIn("admin");
  const person = await signedIn(null);
  const staffPage = await admin.browser.get("/admin/staff");
  expect(staffPage.heading(1)).toBe("Staff");

  const empty = await staffPage.form({ button: "Give role" }).submit();
  expect(empty.status).toBe(422);
  expect(empty.fieldError("Email address of their account")).toBe("Enter the person's email address.");

  const nobody = await empty.form({ button: "Give role" }).fill("Email address of their account", `nobody-${Date.now()}@example.com`).submit();
  expect(nobody.status).toBe(422);
  expect(nobody.text(nobody.region("Give someone a role")[0]!)).toContain("No account uses that email address. The person must sign up first.");

  const granted = await nobody.form({ button: "Give role" }).fill("Email address of their account", person.email).select("Role", "door").submit();
  expect(statusWith(granted, "now has the role", "section[aria-labelledby=grant-heading]")).toBe(`${person.email} now has the role Door volunteer.`);
  expect(await roleOf(person.email)).toBe("door");
  const row = () => granted.$("section[aria-labelledby=staff-list-heading] li").filter((_, li) => granted.text(li).includes(person.email));
  expect(row()).toHaveLength(1);
  expect(granted.text(row()[0]!)).toContain("Door volunteer");

  // The audit log's filter is a plain GET form.
  const audit = await granted.follow("Audit log", "nav[aria-label='Staff area']");
  const filtered = await audit.form({ button: "Filter" }).fill("Record type", "user").submit("Filter");
  const grants = filtered.$("tr").filter((_, tr) => filtered.text(tr).includes("staff.grant") && filtered.text(tr).includes(admin.email));
  expect(grants.length).toBeGreaterThan(0);

  // The person: signed in, and able to open nothing but what a door volunteer may.
  expect((await person.browser.get("/admin/staff")).status).toBe(404);

  // Without the ticked box beside the button, nothing changes.
  const list = await admin.browser.get("/admin/staff");
  const unconfirmed = await list.form({ button: `Remove from staff (${person.email})` }).submit();
  expect(unconfirmed.status).toBe(422);
  expect(unconfirmed.text("#revoke-alert")).toBe(`Not removed: tick “Yes, remove” beside ${person.email} first.`);
  const box = unconfirmed.$("section[aria-labelledby=staff-list-heading] li").filter((_, li) => unconfirmed.text(li).includes(person.email)).find("input[type=checkbox]");
  expect(box).toHaveLength(1);
  expect(unconfirmed.text(`#${box.attr("aria-describedby")}`)).toBe("Tick the box to confirm that this person should leave the staff.");
  expect(unconfirmed.$("section[aria-labelledby=staff-list-heading] [aria-invalid=true]")).toHaveLength(1);
  expect(await roleOf(person.email)).toBe("door");
  expect((await person.browser.get("/admin/check-in")).status).toBe(200);
  const removed = await unconfirmed.form({ button: `Remove from staff (${person.email})` }).check(/^Yes, remove /).submit();
  expect(statusWith(removed, "is no longer on the staff", "section[aria-labelledby=staff-list-heading]")).toBe(`${person.email} is no longer on the staff.`);
  expect(removed.$("section[aria-labelledby=staff-list-heading] li").filter((_, li) => removed.text(li).includes(person.email))).toHaveLength(0);
  expect(await roleOf(person.email)).toBeNull();
  const profile = await person.browser.get("/profile");
  expect(profile.url.pathname).toBe("/login");
});

test("the role form is a plain form post", async ({ signedIn }) => {
  const admin = await signedIn("admin");
  const person = await signedIn(null);
  const page = await admin.browser.get("/admin/staff");
  const granted = await page.form({ button: "Give role" }).fill("Email address of their account", person.email).select("Role", "staff").submit();
  expect(statusWith(granted, "now has the role", "section[aria-labelledby=grant-heading]")).toBe(`${person.email} now has the role Staff.`);
  expect(await roleOf(person.email)).toBe("staff");
});
