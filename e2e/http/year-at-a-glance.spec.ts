/**
 * The year at a glance (/admin/year) as the server answers it: four charts, each a picture named by its
 * title and takeaway, whose bars hold the figures of the table behind it, and whose CSV holds exactly
 * that table; the months chosen with the plain GET form; months that cannot be used answered 422 beside
 * their field (the default months shown instead) and 400 for a CSV; who may download. The page without
 * JavaScript in a browser, on a phone, and axe: e2e/year-at-a-glance.spec.ts. Years kept to this file:
 * 2013 and 2014.
 */
import { randomUUID } from "node:crypto";
import type { Cheerio } from "cheerio";
import type { Element } from "domhandler";
import { chicago, clearYear, seedGift } from "../donations-db";
import { uniqueMemberEmail } from "../member";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const CHARTS = ["gifts-and-sales", "members", "attendance", "subscribers"] as const;
type Chart = (typeof CHARTS)[number];

/** Which columns of each chart's table its bars show (money in cents, as the bars hold it), for each row that has bars. */
const BARS_FROM_COLUMNS: Record<Chart, { columns: number[]; rows?: number }> = {
  "gifts-and-sales": { columns: [3, 6] },
  members: { columns: [1, 2, 3], rows: 2 }, // Premium and Elite; Basic is in the table and the sentence
  attendance: { columns: [2, 3, 7] },
  subscribers: { columns: [1] },
};

/** A paid order of `cents`, paid at `paidAt`. */
async function paidOrder(cents: number, paidAt: Date): Promise<void> {
  await query(
    `insert into orders (email, contact_name, phone, fulfilment, subtotal_cents, shipping_cents, total_cents, payment_method, idempotency_key, status, paid_at)
     values ($1, 'Dana Reyes', '210 555 0100', 'none', $2, 0, $2, 'pay_later', gen_random_uuid()::text, 'paid', $3)`,
    [uniqueMemberEmail("year-order"), cents, paidAt],
  );
}

/** Empties 2013 and 2014 of what the charts count, and fills the first quarter of 2014 and of 2013. */
async function seedQuarter(): Promise<void> {
  await clearYear(2013);
  await clearYear(2014);
  await query(`delete from orders where paid_at >= '2012-12-01' and paid_at < '2015-01-01'`);
  await query(`delete from events where starts_at >= '2013-12-01' and starts_at < '2015-01-01'`);
  await query(`delete from newsletter_subscribers where confirmed_at < '2015-01-01'`);
  const email = uniqueMemberEmail("year-gift");
  // January 31, 11:30 PM in Chicago: February 1 in UTC, a January gift to the association.
  await seedGift({ email, cents: 10_000, at: new Date("2014-02-01T05:30:00Z") });
  await seedGift({ email, cents: 2_500, at: chicago(2014, 2, 15) });
  await seedGift({ email, cents: 90_000, at: chicago(2014, 2, 16), status: "refunded" });
  await paidOrder(4_599, chicago(2014, 3, 10));
  await seedGift({ email, cents: 5_000, at: chicago(2013, 1, 15) });
  await paidOrder(7_000, chicago(2013, 3, 10));

  const [event] = await query<{ id: number }>(
    `insert into events (slug, title, category, description, instructor, location, starts_at, ends_at, capacity)
     values ($1, 'Winter Land Navigation', 'community', 'An event made by a test.', 'Tom Brennan', 'Austin Community Hall, Austin, TX', $2, $3, 10)
     returning id`,
    [`year-${randomUUID()}`, chicago(2014, 1, 18, 9), chicago(2014, 1, 18, 13)],
  );
  for (const checkedIn of [true, true, false]) {
    const userId = randomUUID();
    await query(`insert into "user" (id, name, email) values ($1, '', $2)`, [userId, uniqueMemberEmail("year-attendee")]);
    await query(`insert into event_registrations (event_id, user_id, status, confirmed_at, checked_in_at) values ($1, $2, 'confirmed', $3, $4)`, [
      event!.id,
      userId,
      chicago(2014, 1, 2),
      checkedIn ? chicago(2014, 1, 18, 9) : null,
    ]);
  }
  await query(`insert into event_walk_ins (event_id, name, email, checked_in_at) values ($1, 'Jo Walker', $2, $3)`, [event!.id, uniqueMemberEmail("year-walk-in"), chicago(2014, 1, 18, 9)]);
  for (const at of [chicago(2014, 1, 10), chicago(2014, 3, 5)]) {
    await query(`insert into newsletter_subscribers (email, confirmed_at) values ($1, $2)`, [uniqueMemberEmail("year-reader"), at]);
  }
}

const section = (page: HttpPage, chart: Chart): Cheerio<Element> => page.$(`[data-testid=chart-${chart}]`);

/** A figure as the CSV writes it: "$1,234.50" → "1234.50", "1,234" → "1234", "—" → "". */
const asCsv = (text: string) => (text === "—" ? "" : text.replace(/[$,]/g, ""));

/** The chart's table, header and totals included, each cell as the CSV would write it. */
function tableOf(page: HttpPage, chart: Chart): string[][] {
  return section(page, chart)
    .find("table tr")
    .toArray()
    .map((tr) => page.$(tr).children("th, td").toArray().map((cell) => asCsv(page.text(cell))));
}

/** The values of each group of bars in the chart's picture. */
function barsOf(page: HttpPage, chart: Chart): number[][] {
  return section(page, chart)
    .find("svg[role=img] [data-testid=bar-group]")
    .toArray()
    .map((group) => page.$(group).find("rect").toArray().map((rect) => Number(rect.attribs["data-value"])));
}

/** A CSV of plain cells (these hold no commas or quotes), row by row. */
function csvRows(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n").map((line) => line.split(","));
}

/** The chart's CSV, from the link under it. */
async function csvOf(staff: TextBrowser, page: HttpPage, chart: Chart): Promise<string[][]> {
  const link = page.link(/^Download as CSV: /, section(page, chart)[0]!);
  const answer = await staff.request.get(link.href);
  expect(answer.status(), link.href).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(answer.headers()["content-disposition"]).toMatch(new RegExp(`^attachment; filename="${chart}-\\d{4}-\\d{2}-to-\\d{4}-\\d{2}\\.csv"$`));
  return csvRows(await answer.text());
}

/** The bars hold the table's figures, and the CSV is the table. */
async function expectChartMatchesTable(staff: TextBrowser, page: HttpPage, chart: Chart): Promise<void> {
  const table = tableOf(page, chart);
  const { columns, rows } = BARS_FROM_COLUMNS[chart];
  const money = chart === "gifts-and-sales";
  const body = table.slice(1, rows === undefined ? (chart === "subscribers" ? undefined : -1) : 1 + rows);
  expect(barsOf(page, chart), `${chart}: the bars are the table's figures`).toEqual(body.map((row) => columns.map((c) => (money ? Math.round(Number(row[c]) * 100) : Number(row[c])))));
  expect(await csvOf(staff, page, chart), `${chart}: the CSV is the table`).toEqual(table);
}

test("staff choose the months, and each chart is named by its takeaway, its bars are its table's figures and its CSV is that table", async ({ signedIn }) => {
  await seedQuarter();
  const { browser: staff } = await signedIn("staff");
  const dashboard = await staff.get("/admin");
  const page = await (await dashboard.follow("the year at a glance", "main")).form("form[aria-label='Choose the months']").fill("First month", "2014-01").fill("Last month", "2014-03").submit();
  expect(page.status).toBe(200);
  expect(page.path).toBe("/admin/year?from=2014-01&to=2014-03");
  expect(page.heading(1)).toBe("The year at a glance");
  expect(page.heading(2).split("\n")).toEqual(["Gifts and sales by month", "Members by plan and standing, today", "Event attendance against seats, and no-shows", "Newsletter subscribers over time"]);

  for (const chart of CHARTS) {
    const picture = section(page, chart).find("svg[role=img]");
    expect(picture, chart).toHaveLength(1);
    const names = picture.attr("aria-labelledby")!.split(" ").map((id) => page.text(`[id="${id}"]`));
    expect(names, chart).toEqual([page.text(`[data-testid=chart-${chart}] h2`), page.text(`[data-testid=chart-${chart}] [data-testid=takeaway]`)]);
    expect(section(page, chart).find("details > summary").text(), chart).toMatch(/^The figures as a table/);
  }
  const takeaway = (chart: Chart) => page.text(`[data-testid=chart-${chart}] [data-testid=takeaway]`);
  expect(takeaway("gifts-and-sales")).toBe("Gifts and sales: $171 from Jan 2014 to Mar 2014, up 42 % on the same months a year before ($120).");
  expect(takeaway("attendance")).toBe("1 event held from Jan 2014 to Mar 2014: 2 of the 3 registered came (67 %), 1 did not, and 1 person walked in.");
  expect(takeaway("subscribers")).toBe("2 newsletter subscribers at the end of Mar 2014, up 2 since the start of Jan 2014.");
  expect(takeaway("members")).toMatch(/^\d[\d,]* members? on a paid plan \(|^No paid memberships yet;/);

  expect(tableOf(page, "gifts-and-sales")).toEqual([
    ["Month", "Gifts", "Sales", "Total", "Gifts a year before", "Sales a year before", "Total a year before"],
    ["Jan 2014", "100.00", "0.00", "100.00", "50.00", "0.00", "50.00"],
    ["Feb 2014", "25.00", "0.00", "25.00", "0.00", "0.00", "0.00"],
    ["Mar 2014", "0.00", "45.99", "45.99", "0.00", "70.00", "70.00"],
    ["Total", "125.00", "45.99", "170.99", "50.00", "70.00", "120.00"],
  ]);
  expect(tableOf(page, "attendance").slice(1)).toEqual([
    ["Jan 2014", "1", "10", "3", "2", "1", "1", "3"],
    ["Feb 2014", "0", "0", "0", "0", "0", "0", "0"],
    ["Mar 2014", "0", "0", "0", "0", "0", "0", "0"],
    ["Total", "1", "10", "3", "2", "1", "1", "3"],
  ]);
  expect(tableOf(page, "subscribers").slice(1)).toEqual([
    ["Jan 2014", "1", "1"],
    ["Feb 2014", "1", "0"],
    ["Mar 2014", "2", "1"],
  ]);
  for (const chart of ["gifts-and-sales", "attendance", "subscribers"] as const) await expectChartMatchesTable(staff, page, chart);
  // Members are every account today, which other tests add to meanwhile: the page and its CSV are read again until they agree.
  await expect(async () => expectChartMatchesTable(staff, await staff.get("/admin/year?from=2014-01&to=2014-03"), "members")).toPass({ timeout: 10_000 });
});

test("months that cannot be used: the page says why beside the field (422) over the last 12 months, a CSV answers 400, and only staff download", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const impossible = await staff.get("/admin/year?from=2014-13&to=2014-03");
  expect(impossible.status).toBe(422);
  expect(impossible.fieldError("First month")).toBe("Enter a month as YYYY-MM, e.g. 2027-01, or leave it empty.");
  // The e2e site's clock starts on June 20, 2027.
  expect(impossible.alert()).toBe("These months could not be shown: see below. The charts show July 2026 to June 2027 instead.");
  expect(impossible.text("[data-testid=chart-gifts-and-sales] [data-testid=takeaway]")).toContain("from Jul 2026 to Jun 2027");
  const backwards = await staff.get("/admin/year?from=2014-03&to=2014-01");
  expect(backwards.status).toBe(422);
  expect(backwards.fieldError("Last month")).toBe("The last month is before the first. Choose a later one.");
  expect((await staff.get("/admin/year?to=2027-07")).fieldError("Last month")).toBe("Choose a month up to this one, June 2027.");
  expect((await staff.get("/admin/year?from=2012-01&to=2014-03")).fieldError("Last month")).toBe("Choose at most 24 months.");

  const refused = async (path: string) => {
    const answer = await staff.request.get(path);
    expect(answer.status(), path).toBe(400);
    return answer.text();
  };
  expect(await refused("/admin/year/export?chart=members&from=2014-13")).toBe("The figures could not be exported:\nfrom: Enter a month as YYYY-MM, e.g. 2027-01, or leave it empty.\n");
  expect(await refused("/admin/year/export?chart=pie&from=2014-01&to=2014-03")).toBe(
    "The figures could not be exported:\nchart: Name one of gifts-and-sales, members, attendance, subscribers.\n",
  );
  expect(await refused("/admin/year/export")).toMatch(/^The figures could not be exported:\nchart: /);
  for (const value of ["%00", "'%3B--", "9".repeat(30), "%3Cscript%3E", "%E0%A4%A", "-1", "2014-00"]) {
    for (const path of [`/admin/year?from=${value}&to=${value}`, `/admin/year/export?chart=${value}&from=${value}&to=${value}`]) {
      expect((await staff.request.get(path)).status(), path).toBeLessThan(500);
    }
  }

  const download = "/admin/year/export?chart=gifts-and-sales&from=2014-01&to=2014-03";
  const asVisitor = await visitor.request.get(download, { maxRedirects: 0 });
  expect(asVisitor.status()).toBe(307);
  const login = new URL(asVisitor.headers().location!, "http://site");
  expect(login.pathname + login.search).toBe(`/login?next=${encodeURIComponent(download)}`);
  for (const role of [null, "door"] as const) {
    const answer = await (await signedIn(role)).browser.request.get(download);
    expect(answer.status(), String(role)).toBe(404);
    expect(await answer.text()).toBe("Not found");
  }
});
