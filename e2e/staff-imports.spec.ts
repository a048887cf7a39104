/**
 * The CSV imports with JavaScript, and axe on their pages and states: a refused file takes the focus; the
 * preview (its table as cards on a phone), the outcome and the upload form with its options pass axe.
 * Upload, preview, confirm, refusals and the export round trip without JavaScript:
 * e2e/http/staff-imports.spec.ts.
 */
import { csvText } from "../src/lib/csv";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { signedInAs } from "./staff-session";

const csv = (rows: string[][]) => ({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(csvText(["Email", "Name", "Plan", "Expires", "Service status"], rows)) });

test("with JavaScript: a refused file takes the focus; the preview and the outcome answer in place and pass axe", { tag: "@phone" }, async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const page = await staff.context.newPage();
  await page.goto("/admin/members/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import members" })).toBeVisible();
  await expectNoA11yViolations(page);

  const file = page.getByLabel("CSV file");
  await file.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByText("This is not a CSV file: it holds binary data.")).toBeVisible();
  await expect(file).toBeFocused();
  await expectNoA11yViolations(page);

  const email = uniqueMemberEmail("imported-js");
  await file.setInputFiles(csv([[email, "Jo Script", "Elite", "2028-03-31", "Civilian"], ["oops", "", "", "", ""]]));
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page).toHaveURL(/\/admin\/members\/import\?upload=/);
  await expect(page.getByTestId("import-counts")).toHaveText("2 rows. This import will create 1, change 0, leave 0 unchanged, refuse 1.");
  await expect(page.getByTestId("import-row")).toHaveCount(2);
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Refused (1)" }).click();
  await expect(page.getByTestId("import-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Confirm: create 1, change 0" }).click();
  await expect(page.getByTestId("import-counts")).toContainText("this import created 1, changed 0, left 0 unchanged, refused 1.");
  await expect(page.getByRole("region", { name: "Refused rows, left out" }).getByTestId("import-row")).toHaveCount(1);
  await expectNoA11yViolations(page);
});

test("the subscribers' upload form, with its source and its confirmation-email box, passes axe", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const page = await staff.context.newPage();
  await page.goto("/admin/newsletter/subscribers/import");
  await page.getByLabel("CSV file").setInputFiles({ name: "s.csv", mimeType: "text/csv", buffer: Buffer.from("Email\r\na@example.com\r\n") });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  const source = page.getByRole("textbox", { name: "Where the list comes from" });
  await expect(source).toBeFocused();
  await expect(page.getByRole("checkbox", { name: /^Send a confirmation email/ })).not.toBeChecked();
  await expectNoA11yViolations(page);
});
