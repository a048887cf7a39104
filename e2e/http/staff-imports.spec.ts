/**
 * The CSV imports as the server answers them, without JavaScript: upload → preview (nothing written) →
 * confirm → outcome, for members, newsletter subscribers and products; the refusals (a role without the
 * permission, a file that is not CSV, one without the columns, one too large for the import and one too
 * large for the site); and an export imported back, which changes nothing. The planners' rules and the
 * 10,000-row file: the unit tests beside src/features/{members,newsletter,catalog}/*-import.service.ts.
 */
import { csvText } from "../../src/lib/csv";
import { parseCsv } from "../../src/lib/csv-parse";
import { uniqueMemberEmail } from "../member";
import { membershipOf, userIdOf } from "../members-desk-db";
import { productIdOf, productRow, stockBySize } from "../catalog-db";
import { testMadeTitle, kebab } from "../events-db";
import { countEmails, waitForEmail } from "../outbox";
import { subscriberRow } from "../newsletter-db";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const csvFile = (name: string, header: readonly string[], rows: (string | number | null)[][]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(csvText(header, rows)) });
const MEMBER_HEADER = ["Email", "Name", "Plan", "Expires", "Service status"];
const PRODUCT_HEADER = ["Slug", "Name", "Category", "Price", "Description", "Size", "Stock"];

async function upload(page: HttpPage, file: { name: string; mimeType: string; buffer: Buffer }, fill: Record<string, string> = {}): Promise<HttpPage> {
  const form = page.form({ button: "Upload and preview" }).attach("CSV file", file);
  for (const [label, value] of Object.entries(fill)) form.fill(label, value);
  return form.submit();
}

/** The preview's rows as the table shows them: row, key, what happens, details. */
function rows(page: HttpPage): string[][] {
  return page
    .byTestId("import-row")
    .toArray()
    .map((tr) => page.$(tr).children("th, td").toArray().map((cell) => page.text(cell).replaceAll("\n", " ")));
}

const counts = (page: HttpPage) => page.text(page.byTestId("import-counts")[0]!);
const uploadsOf = async (email: string) => Number((await query<{ n: string }>(`select count(*) as n from csv_imports c join "user" u on u.id = c.staff_id where u.email = $1`, [email]))[0]!.n);

/**
 * The rows of a downloaded CSV whose first cell is one of `keys` (in the order of `keys`, then of the
 * file), with its header: an export cut down to this test's own records, which other tests running at
 * the same time do not change.
 */
function exportRowsOf(csv: string, keys: string[]): { header: string[]; rows: string[][] } {
  const parsed = parseCsv(csv, { maxRows: 1_000_000, maxCellLength: 100_000, maxCells: 100 });
  if (!parsed.ok) throw new Error(parsed.message);
  return { header: parsed.header, rows: keys.flatMap((key) => parsed.records.filter((record) => record.cells[0] === key).map((record) => record.cells)) };
}

async function download(browser: TextBrowser, path: string): Promise<string> {
  const response = await browser.get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers["content-type"], path).toBe("text/csv; charset=utf-8");
  return response.body;
}

test("staff import members without JavaScript: a preview that writes nothing, then the confirmation; the same file again has nothing to confirm", async ({ signedIn }) => {
  const { browser: staff, email: staffEmail } = await signedIn("staff");
  const fresh = uniqueMemberEmail("imported");
  const existing = await signedIn(null);
  const file = csvFile("members.csv", MEMBER_HEADER, [
    [fresh, "Jo Imported", "Premium", "2028-06-30", "Veteran"],
    [existing.email, "", "Elite", "2028-01-31", ""],
    ["not an address", "X", "Gold", "", ""],
  ]);

  const members = await staff.get("/admin/members");
  const page = await members.follow("Import members from a CSV file");
  expect(page.heading(1)).toBe("Import members");
  const preview = await upload(page, file);
  expect(preview.firstStatus).toBe(303);
  expect(preview.path).toMatch(/^\/admin\/members\/import\?upload=[A-Za-z0-9_-]{43}$/);
  expect(counts(preview)).toBe("3 rows. This import will create 1, change 1, leave 0 unchanged, refuse 1.");
  expect(rows(preview)).toEqual([
    ["2", fresh, "Create", expect.stringContaining("Name: Jo Imported Plan: Premium, expires 2028-06-30 Service status: Veteran")],
    ["3", existing.email, "Change", "Plan: Basic → Elite, expires 2028-01-31"],
    ["4", "not an address", "Refused", "“not an address” is not an email address. Plan “Gold” is not Basic, Premium or Elite."],
  ]);
  // Nothing written yet.
  expect(await query(`select id from "user" where email = $1`, [fresh])).toEqual([]);
  expect(await membershipOf(await userIdOf(existing.email))).toBeUndefined();

  // The refused rows only, then back.
  const refused = await preview.follow("Refused (1)");
  expect(rows(refused).map((row) => row[0])).toEqual(["4"]);

  const done = await refused.form({ button: "Confirm: create 1, change 1" }).submit();
  expect(done.firstStatus).toBe(303);
  expect(done.path).toBe(preview.path);
  expect(counts(done)).toMatch(/^On .+ this import created 1, changed 1, left 0 unchanged, refused 1\. See the members$/);
  expect(rows(done)).toEqual([["4", "not an address", "Refused", expect.stringContaining("is not an email address")]]);
  const imported = await userIdOf(fresh);
  expect(await membershipOf(imported)).toMatchObject({ plan: "premium", orderId: null });
  expect(await membershipOf(await userIdOf(existing.email))).toMatchObject({ plan: "elite" });
  expect(await countEmails(fresh, "welcome")).toBe(0);
  // The member's page on the desk shows the new account; the audit log names the importer.
  const memberPage = await staff.get(`/admin/members/${imported}`);
  expect(memberPage.heading(1)).toBe("Jo Imported");
  expect(memberPage.text("main")).toContain(fresh);
  const audit = await staff.get(`/admin/audit?type=user&id=${imported}`);
  expect(audit.text("main table")).toContain("member.import");
  expect(audit.text("main table")).toContain(staffEmail);

  // A double submit of the same confirmation: the same outcome, nothing more.
  const again = await refused.form({ button: "Confirm: create 1, change 1" }).submit();
  expect(counts(again)).toBe(counts(done));

  // The same file again: unchanged, except the refused row; no Confirm button.
  const rerun = await upload(done, file);
  expect(counts(rerun)).toBe("3 rows. This import will create 0, change 0, leave 2 unchanged, refuse 1.");
  expect(rerun.statuses("Nothing to import")).toEqual(["Nothing to import: every row is unchanged or refused."]);
  expect(rerun.buttons("main")).not.toContainEqual(expect.stringMatching(/^Confirm/));
});

test("the members export imports back unchanged, through the real upload", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const emails = [uniqueMemberEmail("export-a"), uniqueMemberEmail("export-b")];
  const first = await upload(await staff.get("/admin/members/import"), csvFile("members.csv", MEMBER_HEADER, [[emails[0]!, "=SUM(A1)", "Elite", "7/4/2028", "Reserve/Guard"], [emails[1]!, "Sam Basic", "Basic", "", ""]]));
  await first.form({ button: /^Confirm/ }).submit();

  // The whole export reads (other tests' accounts included); this test's rows in it change nothing.
  const exported = await download(staff, "/admin/members/export");
  const mine = exportRowsOf(exported, emails);
  expect(mine.header).toEqual(MEMBER_HEADER);
  expect(mine.rows).toEqual([
    [emails[0], "'=SUM(A1)", "Elite", "2028-07-04", "Reserve/Guard"],
    [emails[1], "Sam Basic", "Basic", "", ""],
  ]);
  const back = await upload(first, { name: "members-export.csv", mimeType: "text/csv", buffer: Buffer.from(csvText(mine.header, mine.rows)) });
  expect(counts(back)).toBe("2 rows. This import will create 0, change 0, leave 2 unchanged, refuse 0.");
});

test("refusals: roles without the permission, files that are not CSV, files without the columns, too large for the import or for the site", async ({ signedIn }) => {
  test.slow(); // sends files of 6 and 9 MB
  const { browser: staff, email: staffEmail } = await signedIn("staff");
  const page = await staff.get("/admin/members/import");

  // A member or a door volunteer gets the 404 page, and neither may post the form.
  for (const role of [null, "door"] as const) {
    const { browser, email } = await signedIn(role);
    expect((await browser.get("/admin/members/import")).status, String(role)).toBe(404);
    const form = page.form({ button: "Upload and preview" }).attach("CSV file", csvFile("m.csv", MEMBER_HEADER, [[uniqueMemberEmail("x"), "X", "", "", ""]]));
    const data = new FormData();
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") data.append(name, value);
      else data.append(name, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
    }
    const posted = await browser.post("/admin/members/import", { multipart: data });
    expect(posted.status, String(role)).toBe(404);
    expect(await uploadsOf(email), String(role)).toBe(0);
  }

  const cases: [{ name: string; mimeType: string; buffer: Buffer }, string][] = [
    [{ name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) }, "This is not a CSV file: it holds binary data. Save the sheet as “CSV UTF-8 (comma delimited)” and choose that file."],
    [{ name: "latin1.csv", mimeType: "text/csv", buffer: Buffer.from("Email\nJos\xe9@example.com\n", "latin1") }, "This file is not UTF-8 text. Save the sheet as “CSV UTF-8 (comma delimited)” and choose that file."],
    [csvFile("semicolons.csv", ["Email;Name"], [["a@example.com;A"]]), "The file has no “Email” column. Its first row must name the columns: Email, Name, Plan, Expires, Service status (it names “Email;Name”)."],
    [{ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) }, "Choose the CSV file to import."],
    [{ name: "big.csv", mimeType: "text/csv", buffer: Buffer.alloc(6 * 1024 * 1024, "a") }, "This file is 6.0 MB: an import takes at most 5 MB (20,000 rows). Split it and import the parts one after another."],
  ];
  for (const [file, message] of cases) {
    const answer = await upload(page, file);
    expect(answer.status, file.name).toBe(422);
    expect(answer.text("#import-file-error"), file.name).toBe(message);
    expect(answer.control("CSV file").attr("aria-describedby"), file.name).toBe("import-file-hint import-file-error");
  }
  expect(await uploadsOf(staffEmail)).toBe(0);

  // Larger than any import route takes: the site's front refuses it before the application reads it.
  const huge = await upload(page, { name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(9 * 1024 * 1024, "a") });
  expect(huge.status).toBe(413);

  // An upload's preview is its uploader's alone.
  const mine = await upload(page, csvFile("m.csv", MEMBER_HEADER, [[uniqueMemberEmail("y"), "Y", "", "", ""]]));
  const { browser: colleague } = await signedIn("staff");
  const theirs = await colleague.get(mine.path);
  expect(theirs.status).toBe(200);
  expect(theirs.$("main [role=alert]").text()).toContain("This upload is no longer here");
  expect(theirs.buttons("main")).not.toContainEqual(expect.stringMatching(/^Confirm/));
});

test("newsletter subscribers: a consent date subscribes without email; a confirmation email only when staff ask; the export imports back unchanged", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const consented = uniqueMemberEmail("consented");
  const asked = uniqueMemberEmail("asked");
  const header = ["Email", "Status", "Signed up (Central Time)", "Confirmed (Central Time)", "Consent"];
  const file = csvFile("subscribers.csv", header, [
    [consented, "Confirmed", "", "2027-01-15 10:00", "Ticked the box"],
    [asked, "", "", "", ""],
  ]);
  const page = await (await staff.get("/admin/newsletter/subscribers")).follow("Import a list from a CSV file");

  // The source is the consent record: it is needed.
  const noSource = await upload(page, file);
  expect(noSource.status).toBe(422);
  expect(noSource.fieldError("Where the list comes from")).toContain("Say where the list comes from");

  const preview = await upload(page, file, { "Where the list comes from": "Old list, January 2027" });
  expect(rows(preview).map((row) => row.slice(0, 3))).toEqual([
    ["2", consented, "Create"],
    ["3", asked, "Refused"],
  ]);
  const withEmail = await preview
    .form({ button: "Upload and preview" })
    .attach("CSV file", file)
    .fill("Where the list comes from", "Old list, January 2027")
    .check(/^Send a confirmation email to addresses without a consent date/)
    .submit();
  expect(rows(withEmail).map((row) => row.slice(0, 3))).toEqual([
    ["2", consented, "Create"],
    ["3", asked, "Create"],
  ]);
  expect(await countEmails(asked, "newsletter-confirmation")).toBe(0);
  const done = await withEmail.form({ button: /^Confirm/ }).submit();
  expect(counts(done)).toMatch(/this import created 2, changed 0, left 0 unchanged, refused 0\./);
  expect(await subscriberRow(consented)).toMatchObject({ confirmed_at: new Date("2027-01-15T16:00:00Z"), confirm_token_hash: null });
  expect(await countEmails(consented, "newsletter-confirmation")).toBe(0);
  expect((await waitForEmail(asked, "newsletter-confirmation")).textBody).toMatch(/\/newsletter\/confirm\?token=/);
  expect((await subscriberRow(asked))?.confirmed_at).toBeNull();

  const exported = await download(staff, "/admin/newsletter/subscribers.csv");
  const mine = exportRowsOf(exported, [consented, asked]);
  expect(mine.rows.map((row) => row.slice(0, 2))).toEqual(expect.arrayContaining([[consented, "Confirmed"], [asked, "Waiting for confirmation"]]));
  const back = await upload(done, { name: "export.csv", mimeType: "text/csv", buffer: Buffer.from(csvText(mine.header, mine.rows)) }, { "Where the list comes from": "Our own export" });
  expect(counts(back)).toBe("2 rows. This import will create 0, change 0, leave 2 unchanged, refuse 0.");
});

test("products: new drafts without a picture, stock counts in the ledger, and the export imports back unchanged", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const name = testMadeTitle("Import Ranger Tee");
  const page = await (await staff.get("/admin/catalog")).follow("Import from a CSV file");
  const preview = await upload(page, csvFile("products.csv", PRODUCT_HEADER, [["", name, "Apparel", "24.99", "Moisture-wicking tee.", "S", 4], ["", name, "", "", "", "M", 6]]));
  expect(rows(preview).map((row) => row.slice(0, 3))).toEqual([
    ["2", `${name}, size S`, "Create"],
    ["3", `${name}, size M`, "Create"],
  ]);
  await preview.form({ button: /^Confirm/ }).submit();
  const id = await productIdOf(kebab(name));
  expect(await productRow(id)).toMatchObject({ draft: true, image_path: "" });
  expect(await stockBySize(id)).toEqual({ S: 4, M: 6 });

  // The desk shows it as a draft without a picture, and refuses to publish it.
  const desk = await staff.get(`/admin/catalog/${id}`);
  expect(desk.text(desk.byTestId("no-picture")[0]!)).toContain("No picture yet");
  const published = await desk.form({ button: "Publish: put on sale" }).submit();
  expect(published.status).toBe(422);
  expect(published.alert()).toBe("Add a picture first (under Details): the shop shows every product with its picture.");

  const exported = await download(staff, "/admin/catalog/export");
  const mine = exportRowsOf(exported, [kebab(name)]);
  expect(mine.rows).toEqual([
    [kebab(name), name, "Apparel", "24.99", "Moisture-wicking tee.", "S", "4"],
    [kebab(name), name, "Apparel", "24.99", "Moisture-wicking tee.", "M", "6"],
  ]);
  mine.rows[1]![6] = "9";
  const counted = await upload(page, { name: "count.csv", mimeType: "text/csv", buffer: Buffer.from(csvText(mine.header, mine.rows)) });
  expect(rows(counted).map((row) => row.slice(2))).toEqual([["Unchanged", "—"], ["Change", "Stock: 6 → 9"]]);
  await counted.form({ button: /^Confirm/ }).submit();
  expect(await stockBySize(id)).toEqual({ S: 4, M: 9 });
  const ledger = await staff.get(`/admin/catalog/${id}`);
  expect(ledger.text(ledger.region("Stock history")[0]!)).toContain("Import of count.csv");
});
