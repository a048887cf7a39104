/**
 * The staff inbox as the server answers it: a visitor's message arrives through the contact form's plain
 * post, staff are told and the sender acknowledged by email; staff find it under "New", reply (emailed,
 * kept in the thread, marked answered), add a note (never emailed) and close it with plain form posts,
 * each change in the audit log; unknown ids are the 404 page. The inbox with JavaScript and axe:
 * e2e/staff-messages.spec.ts.
 */
import { randomUUID } from "node:crypto";
import { countEmails, waitForEmail } from "../outbox";
import { userIdOf } from "../members-desk-db";
import { addContactMessage } from "../staff-db";
import { expect, test } from "./fixtures";
import { accessibleName, type HttpPage } from "./text-browser";

/** The thread's entry (an <article>) named so, as getByRole("article", { name }) finds it. */
function article(page: HttpPage, name: string): string {
  const found = page.$("main article").filter((_, el) => accessibleName(page.$, el) === name);
  expect(found, `the article ${name}`).toHaveLength(1);
  return page.text(found[0]!);
}

/** The "Status: …" line under the message's heading. */
const statusLine = (page: HttpPage) => page.text(page.$("main p").filter((_, p) => page.text(p).startsWith("Status:"))[0]!);
/** The inbox's entry for the message with this subject, as text ("" when it is not listed). */
const listed = (page: HttpPage, subject: string) => page.$("main li").filter((_, li) => page.text(li).includes(subject) && page.$(li).find("li").length === 0).toArray().map((li) => page.text(li)).join("\n");

test("a message from the contact form is answered, noted and closed by staff", async ({ visitor, signedIn }) => {
  const staff = await signedIn("staff");
  const sender = `sender-http-${Date.now()}@example.com`;
  const subject = `Ruck march with my spouse (http ${Date.now()})`;

  // A visitor writes through the public contact form.
  const sent = await (await visitor.get("/contact"))
    .form({ button: "Send Message" })
    .fill("Name", "Jordan Hayes")
    .fill("Email", sender)
    .select("Category", "training")
    .fill("Subject", subject)
    .fill("Message", "Can my spouse join the ruck march?\nShe is not a veteran.")
    .check(/I agree to the privacy policy/)
    .submit();
  expect(sent.text("main")).toContain("Message Sent!");
  expect((await waitForEmail(sender, "contact-acknowledgement")).textBody).toContain("We respond to every message within 24 hours.");
  const notice = await waitForEmail(staff.email, "contact-new-message");
  expect(notice.subject).toBe(`New message: ${subject}`);
  const link = /\/admin\/messages\/(\d+)/.exec(notice.textBody);
  expect(link, "the staff email links to the message").not.toBeNull();

  // Staff find it in the inbox, newest first, under "New".
  const inbox = await staff.browser.get("/admin/messages");
  expect(inbox.heading(1)).toBe("Messages");
  const fresh = await inbox.follow("New", "nav[aria-label='Filter by status']");
  expect(fresh.url.searchParams.get("status")).toBe("new");
  expect(listed(fresh, subject)).toContain("New");
  expect(listed(fresh, subject)).toContain("Reply by");
  const page = await fresh.follow(subject, "main");
  expect(page.path).toBe(`/admin/messages/${link![1]}`);
  expect(page.heading(1)).toBe(subject);
  expect(statusLine(page)).toContain("New");
  expect(page.text(page.region("Thread")[0]!)).toContain("She is not a veteran.");

  // An empty reply: a 422 with the message next to the field; nothing sent.
  const empty = await page.form({ button: "Send reply" }).submit();
  expect(empty.status).toBe(422);
  expect(empty.fieldError("Your reply")).toContain("Write your reply before sending it.");
  expect(await countEmails(sender, "contact-reply")).toBe(0);

  const answer = "Yes, spouses are welcome on the ruck march.\nBring water and good boots.";
  const replied = await empty.form({ button: "Send reply" }).fill("Your reply", answer).submit();
  expect(replied.statuses(/.*/, replied.region("Reply by email")[0]!)).toEqual([`Reply sent to ${sender}. The message is marked answered.`]);
  expect(replied.control("Your reply").text()).toBe("");
  const reply = article(replied, `Reply by ${staff.email}`);
  expect(reply).toContain("Bring water and good boots.");
  expect(reply).toContain("Email waiting in the outbox");
  expect(statusLine(replied)).toContain("Answered");
  const mail = await waitForEmail(sender, "contact-reply");
  expect(mail.subject).toBe(`Re: ${subject}`);
  expect(mail.textBody).toContain(answer);
  expect(mail.textBody).toContain("> Can my spouse join the ruck march?");

  // A note stays between staff.
  const noted = await replied.form({ button: "Save note" }).fill("Note", "Told the ruck lead to expect two.").submit();
  expect(noted.statuses(/.*/, noted.region("Internal note")[0]!)).toEqual(["Note saved. It is for staff only and was not emailed."]);
  expect(article(noted, `Note (staff only) by ${staff.email}`)).toContain("Told the ruck lead to expect two.");
  expect(await countEmails(sender, "contact-reply")).toBe(1);

  // Close it: it leaves "New" and shows under "Closed".
  const closed = await noted.form({ button: "Close message" }).submit();
  expect(closed.statuses("Message closed.")).toHaveLength(1);
  expect(statusLine(closed)).toContain("Closed");
  expect(closed.buttons("main")).toContain("Reopen message");

  expect(listed(await staff.browser.get("/admin/messages?status=closed"), subject)).toContain("Closed");
  expect(listed(await staff.browser.get("/admin/messages?status=new"), subject)).toBe("");

  // Every change is in the audit log under the staff member's address.
  const audit = await staff.browser.get(`/admin/audit?type=contact_message&id=${link![1]}`);
  const rows = audit.$("tr").toArray().map((tr) => audit.text(tr));
  for (const action of ["message.reply", "message.note", "message.close"]) {
    expect(rows.filter((row) => row.includes(action) && row.includes(staff.email)), action).toHaveLength(1);
  }
});

test("a message from a member's confirmed address links to their member page; from any other address it does not", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const member = await signedIn(null);
  const fromMember = await addContactMessage(`From a member ${randomUUID()}`, member.email.toUpperCase());
  const page = await staff.get(`/admin/messages/${fromMember}`);
  const account = page.link("member account", "main");
  expect(account.href).toBe(`/admin/members/${await userIdOf(member.email)}`);
  expect((await staff.get(account.href)).heading(1)).toBe(member.email);

  const fromStranger = await addContactMessage(`From a stranger ${randomUUID()}`, `stranger-${randomUUID()}@example.com`);
  expect((await staff.get(`/admin/messages/${fromStranger}`)).links("member account")).toEqual([]);
});

test("unknown and malformed message ids are the 404 page", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  for (const id of ["999999999", "0", "abc", "-1", "1.5", "2147483648", "%00", "1%20", "99999999999999999999"]) {
    const response = await staff.request.get(`/admin/messages/${id}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
});

test("a reply is a plain form post", async ({ signedIn }) => {
  const staff = await signedIn("staff");
  const sender = `nojs-http-${Date.now()}@example.com`;
  const id = await addContactMessage(`No-JS question ${Date.now()}`, sender);
  const replied = await (await staff.browser.get(`/admin/messages/${id}`)).form({ button: "Send reply" }).fill("Your reply", "Answered without JavaScript.").submit();
  expect(replied.statuses(/.*/, replied.region("Reply by email")[0]!)).toEqual([`Reply sent to ${sender}. The message is marked answered.`]);
  expect(article(replied, `Reply by ${staff.email}`)).toContain("Answered without JavaScript.");
  expect((await waitForEmail(sender, "contact-reply")).textBody).toContain("Answered without JavaScript.");
});
