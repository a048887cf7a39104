/**
 * The staff inbox (staff capability 4): a visitor's message arrives through the contact form, staff
 * are told and the sender acknowledged by e-mail; staff open it, reply (e-mailed, kept in the thread,
 * marked answered), add a note (never e-mailed) and close it — on desktop and on a phone.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { countEmails, waitForEmail } from "./outbox";
import { addContactMessage } from "./staff-db";
import { signedInAs } from "./staff-session";

const status = (page: import("@playwright/test").Page) => page.locator("p", { hasText: "Status:" });

test("a message from the contact form is answered, noted and closed by staff", async ({ browser, page }) => {
  test.setTimeout(120_000); // a whole journey: sign-up, the contact form, four staff actions, three axe scans
  const staff = await signedInAs(browser, "staff");
  const project = test.info().project.name;
  const sender = `sender-${project}-${Date.now()}@example.com`;
  const subject = `Ruck march with my spouse (${project} ${Date.now()})`;

  // A visitor writes through the public contact form.
  await page.goto("/contact");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Jordan Hayes");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(sender);
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("training");
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Can my spouse join the ruck march?\nShe is not a veteran.");
  await page.getByLabel(/I agree to the privacy policy/).check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  expect((await waitForEmail(sender, "contact-acknowledgement")).textBody).toContain("We respond to every message within 24 hours.");
  const notice = await waitForEmail(staff.email, "contact-new-message");
  expect(notice.subject).toBe(`New message: ${subject}`);
  const link = /\/admin\/messages\/(\d+)/.exec(notice.textBody);
  expect(link, "the staff e-mail links to the message").not.toBeNull();

  // Staff find it in the inbox, newest first, under "New".
  const inbox = await staff.context.newPage();
  await inbox.goto("/admin/messages");
  await expect(inbox.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await inbox.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "New", exact: true }).click();
  await expect(inbox).toHaveURL(/status=new/);
  const row = inbox.getByRole("listitem").filter({ hasText: subject });
  await expect(row).toContainText("New");
  await expect(row).toContainText("Reply by");
  await expectNoA11yViolations(inbox);
  await row.getByRole("link", { name: subject }).click();
  await expect(inbox).toHaveURL(new RegExp(`/admin/messages/${link![1]}$`));
  await expect(inbox.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(status(inbox)).toContainText("New");
  await expect(inbox.getByRole("region", { name: "Thread" })).toContainText("She is not a veteran.");
  await expectNoA11yViolations(inbox);

  // An empty reply: a message next to the field, which takes the focus; nothing sent.
  const reply = inbox.getByRole("region", { name: "Reply by e-mail" });
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByText("Write your reply before sending it.")).toBeVisible();
  await expect(reply.getByRole("textbox", { name: "Your reply" })).toBeFocused();
  expect(await countEmails(sender, "contact-reply")).toBe(0);

  const answer = "Yes, spouses are welcome on the ruck march.\nBring water and good boots.";
  await reply.getByRole("textbox", { name: "Your reply" }).fill(answer);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByRole("status")).toHaveText(`Reply sent to ${sender}. The message is marked answered.`);
  await expect(reply.getByRole("textbox", { name: "Your reply" })).toHaveValue("");
  const thread = inbox.getByRole("region", { name: "Thread" });
  const replied = thread.getByRole("article", { name: `Reply by ${staff.email}` });
  await expect(replied).toContainText("Bring water and good boots.");
  await expect(replied).toContainText("E-mail waiting in the outbox");
  await expect(status(inbox)).toContainText("Answered");
  const mail = await waitForEmail(sender, "contact-reply");
  expect(mail.subject).toBe(`Re: ${subject}`);
  expect(mail.textBody).toContain(answer);
  expect(mail.textBody).toContain("> Can my spouse join the ruck march?");

  // A note stays between staff.
  const note = inbox.getByRole("region", { name: "Internal note" });
  await note.getByRole("textbox", { name: "Note" }).fill("Told the ruck lead to expect two.");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(note.getByRole("status")).toHaveText("Note saved. It is for staff only and was not e-mailed.");
  await expect(thread.getByRole("article", { name: `Note (staff only) by ${staff.email}` })).toContainText("Told the ruck lead to expect two.");
  expect(await countEmails(sender, "contact-reply")).toBe(1);

  // Close it: it leaves "New" and shows under "Closed".
  await inbox.getByRole("button", { name: "Close message" }).click();
  await expect(inbox.getByRole("status").filter({ hasText: "Message closed." })).toBeVisible();
  await expect(status(inbox)).toContainText("Closed");
  await expect(inbox.getByRole("button", { name: "Reopen message" })).toBeVisible();
  await expectNoA11yViolations(inbox);

  await inbox.goto("/admin/messages?status=closed");
  await expect(inbox.getByRole("listitem").filter({ hasText: subject })).toContainText("Closed");
  await inbox.goto("/admin/messages?status=new");
  await expect(inbox.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);

  // Every change is in the audit log under the staff member's address.
  await inbox.goto(`/admin/audit?type=contact_message&id=${link![1]}`);
  for (const action of ["message.reply", "message.note", "message.close"]) {
    await expect(inbox.getByRole("row").filter({ hasText: action }).filter({ hasText: staff.email })).toHaveCount(1);
  }
  await staff.context.close();
});

test("unknown and malformed message ids are the 404 page", async ({ browser }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  const staff = await signedInAs(browser, "staff");
  for (const id of ["999999999", "0", "abc", "-1", "1.5", "2147483648", "%00", "1%20", "99999999999999999999"]) {
    const response = await staff.context.request.get(`/admin/messages/${id}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  await staff.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a reply is a plain form post", async ({ browser }) => {
    const staff = await signedInAs(browser, "staff");
    const sender = `nojs-${test.info().project.name}-${Date.now()}@example.com`;
    const subject = `No-JS question ${Date.now()}`;
    const id = await addContactMessage(subject, sender);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
    const page = await context.newPage();
    await page.goto(`/admin/messages/${id}`);
    await page.getByRole("textbox", { name: "Your reply" }).fill("Answered without JavaScript.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("region", { name: "Reply by e-mail" }).getByRole("status")).toHaveText(`Reply sent to ${sender}. The message is marked answered.`);
    await expect(page.getByRole("region", { name: "Thread" }).getByRole("article", { name: `Reply by ${staff.email}` })).toContainText("Answered without JavaScript.");
    expect((await waitForEmail(sender, "contact-reply")).textBody).toContain("Answered without JavaScript.");
    await Promise.all([context.close(), staff.context.close()]);
  });
});
