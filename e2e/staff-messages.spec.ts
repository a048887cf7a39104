/**
 * The staff inbox with JavaScript, and axe on its pages and states: an empty reply takes the focus; a
 * reply (its box emptied), a note and closing answer in place. The contact form's message arriving, the
 * emails, the thread, the lists, the audit log and the 404s: e2e/http/staff-messages.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { addContactMessage } from "./staff-db";
import { signedInAs } from "./staff-session";

const status = (page: import("@playwright/test").Page) => page.locator("p", { hasText: "Status:" });

test("with JavaScript: an empty reply takes the focus; a reply, a note and closing answer in place; the inbox and the message pass axe", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const sender = `sender-${Date.now()}@example.com`;
  const subject = `Ruck march with my spouse (${Date.now()})`;
  const id = await addContactMessage(subject, sender);
  const inbox = await staff.context.newPage();

  await inbox.goto("/admin/messages?status=new");
  await expect(inbox.getByRole("listitem").filter({ hasText: subject })).toContainText("New");
  await expectNoA11yViolations(inbox);
  await inbox.getByRole("link", { name: subject }).click();
  await expect(inbox).toHaveURL(new RegExp(`/admin/messages/${id}$`));
  await expect(inbox.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expectNoA11yViolations(inbox);

  const reply = inbox.getByRole("region", { name: "Reply by email" });
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByText("Write your reply before sending it.")).toBeVisible();
  await expect(reply.getByRole("textbox", { name: "Your reply" })).toBeFocused();
  await reply.getByRole("textbox", { name: "Your reply" }).fill("Yes, spouses are welcome on the ruck march.\nBring water and good boots.");
  await reply.getByRole("button", { name: "Send reply" }).click();
  await expect(reply.getByRole("status")).toHaveText(`Reply sent to ${sender}. The message is marked answered.`);
  await expect(reply.getByRole("textbox", { name: "Your reply" })).toHaveValue("");
  await expect(status(inbox)).toContainText("Answered");

  const note = inbox.getByRole("region", { name: "Internal note" });
  await note.getByRole("textbox", { name: "Note" }).fill("Told the ruck lead to expect two.");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(note.getByRole("status")).toHaveText("Note saved. It is for staff only and was not emailed.");

  await inbox.getByRole("button", { name: "Close message" }).click();
  await expect(inbox.getByRole("status").filter({ hasText: "Message closed." })).toBeVisible();
  await expect(status(inbox)).toContainText("Closed");
  await expect(inbox.getByRole("button", { name: "Reopen message" })).toBeVisible();
  await expectNoA11yViolations(inbox);
  await staff.context.close();
});
