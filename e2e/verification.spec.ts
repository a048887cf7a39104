/**
 * Service-status verification, end to end: a member asks from the profile with one document, staff
 * open it from the queue (each view audited) and approve or reject; the member sees the decision and
 * gets the email (the site that delivers mail, e2e/mail.ts); the document is gone once decided; a
 * refused upload with JavaScript. Every bad upload over a plain form post: e2e/http/verification.spec.ts.
 */
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { siteWithMail, waitForDelivered } from "./mail";
import type { E2eSite } from "./member";
import { createProduct } from "./shop-helpers";
import { signedInAs } from "./staff-session";
import { TINY_PNG, documentViews, verificationsOf } from "./verification-db";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function documentError(page: Page) {
  return page.locator("#verify-document-error");
}

async function ask(page: Page, status: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Service status to verify").selectOption({ label: status });
  await page.getByLabel("Document", { exact: true }).setInputFiles(file);
}

/** A member asks (from the profile tab's link) and sees the request waiting. */
async function memberAsks(browser: Browser, site: E2eSite, status: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const member = await signedInAs(browser, null, site);
  const page = await member.context.newPage();
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Service verification" });
  await expect(section).toContainText("You have not asked to be verified yet.");
  await section.getByRole("link", { name: "Ask to be verified" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Service Verification" })).toBeVisible();
  await ask(page, status, file);
  await page.getByRole("button", { name: "Ask to be verified" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you. Your request and document reached us.");
  await expect(page.getByText(`Waiting for staff: your request to be verified as ${status}`)).toBeVisible();
  // One request at a time: the form is gone while it waits.
  await expect(page.getByRole("button", { name: "Ask to be verified" })).toHaveCount(0);
  const [request] = await verificationsOf(member.email, site.databaseUrl);
  expect(request).toMatchObject({ decision: "pending", has_document: true });
  return { ...member, page, id: request!.id };
}

test.describe("on the site that delivers mail", () => {
  const site = siteWithMail();
  test.use({ baseURL: site.url });

  test("a member asks, staff open the document from the queue and approve; the member is verified through a date, emailed, and gets the discount at cart and checkout", async ({ browser }) => {
    test.setTimeout(90_000);
    const member = await memberAsks(browser, site, "Veteran", { name: "va-card.png", mimeType: "image/png", buffer: TINY_PNG });
    await expectNoA11yViolations(member.page);

    const staff = await signedInAs(browser, "staff", site);
    const page = await staff.context.newPage();
    await page.goto("/admin/verifications");
    await expect(page.getByRole("heading", { level: 1, name: "Verifications" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("list", { name: "Waiting requests" }).getByRole("link", { name: `${member.email}: Veteran` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/verifications/${member.id}$`));
    await expectNoA11yViolations(page);

    const open = page.getByRole("link", { name: /Open the document/ });
    const documentUrl = new URL((await open.getAttribute("href"))!, site.url).toString();
    const document = await staff.context.request.get(documentUrl);
    expect(document.status()).toBe(200);
    expect(document.headers()).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-disposition": `inline; filename="verification-${member.id}.png"`,
    });
    expect(document.headers()["cache-control"]).toMatch(/no-store/);
    // Stored re-encoded without its metadata (issue 28): the same picture, pixel for pixel (PNG is lossless).
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(Buffer.from(await document.body()))).equals(await pixels(TINY_PNG))).toBe(true);
    expect(await documentViews(member.id, site.databaseUrl)).toEqual([staff.email]);
    // The member cannot open it, nor can anyone without a session.
    expect((await member.context.request.get(documentUrl, { maxRedirects: 0 })).status()).toBe(404);

    const approve = page.getByRole("region", { name: "Approve" });
    await expect(approve.getByLabel("Valid through")).toHaveValue("2028-06-20"); // a year from the e2e clock's today
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Approved through June 20, 2028. ${member.email} was emailed, and the document was deleted.`);
    await expect(page.getByRole("region", { name: "Approve" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Document" })).toContainText("The document was deleted when the request was decided or closed.");
    expect(await verificationsOf(member.email, site.databaseUrl)).toEqual([{ id: member.id, decision: "approved", has_document: false }]);
    expect((await staff.context.request.get(documentUrl)).status()).toBe(404);

    await member.page.goto("/profile");
    await expect(member.page.getByRole("region", { name: "Service verification" })).toContainText("Verified: Veteran, valid through June 20, 2028.");
    const mail = await waitForDelivered(member.email, "Your service status is verified: Veteran");
    expect(mail.text).toContain("valid through June 20, 2028");

    // The discount follows by itself, as its own line at cart and checkout.
    const product = await createProduct(`Verified journey ${test.info().project.name}`, { stock: 3, priceCents: 3000, databaseUrl: site.databaseUrl });
    await member.page.goto(`/shop/${product.slug}`);
    await expect(member.page.getByTestId("product-discount")).toHaveText("Verified service discount (Veteran, 10%)");
    const addForm = member.page.getByRole("main").getByTestId("add-to-cart").first();
    await addForm.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(addForm.getByRole("status")).toContainText("to your cart.");
    await member.page.goto("/shop/cart");
    await expect(member.page.getByTestId("discount-line")).toHaveText("Verified service discount (Veteran, 10%) −$3.00");
    await member.page.goto("/shop/checkout");
    const summary = member.page.getByRole("region", { name: "Order summary" });
    await expect(summary.getByTestId("summary-discount")).toHaveText(/Verified service discount \(Veteran, 10%\)\s*−\$3\.00/);
    await expect(summary.getByTestId("summary-total")).toHaveText("$27.00", { useInnerText: true });
    await Promise.all([member.context.close(), staff.context.close()]);
  });

  test("staff reject with a reason: the member reads it on the profile and in the email, and may ask again", async ({ browser }) => {
    test.setTimeout(90_000);
    const member = await memberAsks(browser, site, "First Responder", { name: "badge.pdf", mimeType: "application/pdf", buffer: PDF });
    const staff = await signedInAs(browser, "staff", site);
    const page = await staff.context.newPage();
    await page.goto(`/admin/verifications/${member.id}`);
    const reject = page.getByRole("region", { name: "Reject" });
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(reject.getByText("Say why, so the member knows what to send instead.")).toBeVisible();
    await expect(reject.getByLabel("Reason")).toBeFocused();
    const reason = "The scan is cut off: please send the whole card, front and back.";
    await reject.getByLabel("Reason").fill(reason);
    await reject.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Rejected. ${member.email} was emailed the reason, and the document was deleted.`);
    expect((await staff.context.request.get(`/admin/verifications/${member.id}/document`)).status()).toBe(404);
    expect(await verificationsOf(member.email, site.databaseUrl)).toEqual([{ id: member.id, decision: "rejected", has_document: false }]);

    await member.page.goto("/profile/verification");
    await expect(member.page.getByText("Not verified:")).toBeVisible();
    await expect(member.page.getByText(reason)).toBeVisible();
    await expect(member.page.getByRole("button", { name: "Ask to be verified" })).toBeVisible();
    await expectNoA11yViolations(member.page);
    const mail = await waitForDelivered(member.email, "We could not verify your service status (First Responder)");
    expect(mail.text).toContain(`> ${reason}`);
    await Promise.all([member.context.close(), staff.context.close()]);
  });
});

test("with JavaScript a refused upload shows its message next to the field, stores nothing, and passes axe", async ({ browser }) => {
  const member = await signedInAs(browser, null);
  const page = await member.context.newPage();
  await page.goto("/profile/verification");
  await ask(page, "Active Duty", { name: "orders.pdf", mimeType: "application/pdf", buffer: Buffer.from("These are my orders, honestly.") });
  await page.getByRole("button", { name: "Ask to be verified" }).click();
  await expect(documentError(page)).toHaveText("This file is not a JPEG, PNG or WebP image, or a PDF, whatever its name says. Choose a photo, a scan or a PDF of your document.");
  await expect(page.getByLabel("Document", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);
  expect(await verificationsOf(member.email)).toEqual([]);
  await member.context.close();
});
