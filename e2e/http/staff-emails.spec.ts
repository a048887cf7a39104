/**
 * The email log as the server answers it: the outbox searched with a GET form (status, attempts, last
 * error), one message (never a working reset or confirmation link), retrying a failed message once with a
 * plain form post (a second, stale post is refused), an expired link not sent again, the 404s and hostile
 * searches. The log with JavaScript and axe: e2e/staff-emails.spec.ts.
 */
import { signUpMember, uniqueMemberEmail } from "../member";
import { addOutboxRow, auditCount, outboxStatus } from "../members-desk-db";
import { waitForEmail } from "../outbox";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";

test("staff find a failed email, read it, and retry it once", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const to = uniqueMemberEmail("bounce");
  const id = await addOutboxRow({ to, subject: "Your order VVA-1042", text: "Your order: https://site.test/shop/orders/9?key=abc123secret\nThank you." });

  const log = await (await staff.get("/admin")).follow("Email log", "nav[aria-label='Staff area']");
  expect(log.heading(1)).toBe("Email log");
  const found = await log.form({ button: "Find emails" }).fill("Recipient", to).select("Status", "failed").submit("Find emails");
  expect(found.url.searchParams.get("status")).toBe("failed");
  expect(found.statuses()).toEqual(["1 email match."]);
  const row = found.byTestId("email-row");
  expect(row).toHaveLength(1);
  for (const said of ["Failed", "8", "550 5.1.1 mailbox unavailable"]) expect(found.text(row[0]!)).toContain(said);

  const page = await found.follow("Your order VVA-1042", row[0]!);
  expect(page.path).toBe(`/admin/emails/${id}`);
  expect(page.heading(1)).toBe("Your order VVA-1042");
  const body = page.text(page.region("Message")[0]!);
  expect(body).toContain("https://site.test/shop/orders/9?[details hidden]");
  expect(body).not.toContain("abc123secret");

  // Two tabs, two submits: the message goes back to the queue once, with one audit record.
  const retry = page.form({ button: "Retry sending" });
  const retried = await retry.submit();
  expect(retried.statuses(/.*/, retried.region("Retry")[0]!)).toEqual([`The message to ${to} is back in the queue and will be sent again.`]);
  expect(await outboxStatus(id)).toEqual({ status: "pending", attempts: 0 });
  const again = await retry.submit();
  expect(again.alert()).toBe("This message is already waiting to be sent: nothing to retry.");
  expect(await auditCount("email", String(id), "email.retry")).toBe(1);
  const reloaded = await staff.get(`/admin/emails/${id}`);
  expect(reloaded.text(reloaded.region("Delivery")[0]!)).toContain("Waiting");
  expect(reloaded.buttons("main")).not.toContain("Retry sending");
});

test("a message refused for a mistyped address is sent again to the corrected one; a private link never goes elsewhere", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const typo = uniqueMemberEmail("typo").replace("@", "@mail.");
  const id = await addOutboxRow({ to: typo, subject: "Your order VVA-2001" });
  const page = await staff.get(`/admin/emails/${id}`);
  const form = () => page.form({ button: "Retry sending" });

  const bad = await form().fill("Send to a corrected address (optional)", "not an address").submit();
  expect(bad.status).toBe(422);
  expect(bad.fieldError("Send to a corrected address (optional)")).toBe("Enter a valid email address, like name@example.com.");
  expect(await query("select to_address, status from email_outbox where id = $1", [id])).toEqual([{ to_address: typo, status: "failed" }]);

  const fixed = typo.replace("@mail.", "@");
  const sent = await form().fill("Send to a corrected address (optional)", fixed.toUpperCase()).submit();
  expect(sent.statuses(/.*/, sent.region("Retry")[0]!)).toEqual([`The message to ${fixed} is back in the queue and will be sent again.`]);
  expect((await query<{ to_address: string }>("select to_address from email_outbox where id = $1", [id]))[0]!.to_address).toBe(fixed);
  expect(await auditCount("email", String(id), "email.retry")).toBe(1);

  // A password reset: no address field, and a forged one is refused with nothing changed.
  const owner = uniqueMemberEmail("reset-owner");
  const reset = await addOutboxRow({ kind: "password-reset", to: owner, expiresAt: new Date(Date.now() + 3_600_000) });
  const resetPage = await staff.get(`/admin/emails/${reset}`);
  expect(resetPage.$("input[name=to]")).toHaveLength(0);
  const forged = await resetPage.form({ button: "Retry sending" }).add("to", "attacker@example.com").submit();
  expect(forged.status).toBe(422);
  expect(forged.alert()).toMatch(/^This message carries a private link .* only ever sent to the address it was made for\./);
  expect(await query("select to_address, status from email_outbox where id = $1", [reset])).toEqual([{ to_address: owner, status: "failed" }]);
});

test("the log says what each status means; a message waiting for a later attempt can be sent now", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const log = await staff.get("/admin/emails");
  const meanings = log.text("details");
  expect(meanings).toContain("What each status means");
  expect(meanings).toContain("Waiting\nNot sent yet.");
  expect(meanings).toContain("Failed\nNot sent, and not tried again: the recipient's mail server refused it for good (a 5xx reply");
  expect(meanings).toContain("Expired\nNot sent: its link");

  const to = uniqueMemberEmail("greylisted");
  const id = await addOutboxRow({ to, status: "pending", attempts: 2, lastError: "Error: 451 4.7.1 greylisted, try again later" });
  await query("update email_outbox set next_attempt_at = now() + interval '2 hours' where id = $1", [id]);
  const page = await staff.get(`/admin/emails/${id}`);
  expect(page.text(page.region("Delivery")[0]!)).toContain("Status\nWaiting\nNot sent yet.");
  const sent = await page.form({ button: "Send now" }).submit();
  expect(sent.statuses(/.*/, sent.region("Retry")[0]!)).toEqual([`The message to ${to} is back in the queue and will be sent again.`]);
  expect(await outboxStatus(id)).toEqual({ status: "pending", attempts: 0 });
  expect(await auditCount("email", String(id), "email.retry")).toBe(1);
});

test("a password reset in the outbox never shows its token to staff", async ({ newVisitor, signedIn }) => {
  const email = uniqueMemberEmail("reset");
  const member = await newVisitor();
  await signUpMember(member.request, { email });
  await (await member.get("/forgot-password")).form({ button: "Send Instructions" }).fill("Email", email).submit();
  const mail = await waitForEmail(email, "password-reset");
  const token = /reset-password\?token=([^\s&]+)/.exec(mail.textBody)![1]!;
  const confirmation = await waitForEmail(email, "confirm-email");
  const confirmToken = /confirm-email\?token=([^\s&]+)/.exec(confirmation.textBody)![1]!;

  const { browser: staff } = await signedIn("staff");
  const list = await staff.get(`/admin/emails?q=${encodeURIComponent(email)}`);
  expect(list.body).toContain(email);
  expect(list.body).not.toContain(token);
  expect(list.body).not.toContain(confirmToken);
  const ids = [...list.body.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((match) => match[1]);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  for (const id of ids) {
    const html = (await staff.get(`/admin/emails/${id}`)).body;
    expect(html, `message ${id}`).not.toContain(token);
    expect(html, `message ${id}`).not.toContain(decodeURIComponent(token));
    expect(html, `message ${id}`).not.toContain(confirmToken);
    // The welcome email carries no secret: its text is shown (links without their details).
    if (!/>welcome<\/dd>/.test(html)) expect(html, `message ${id}`).toContain("its text is not shown here");
  }
  expect(ids.length).toBeGreaterThanOrEqual(3); // the reset, the confirmation and the welcome
  const view = await staff.get(`/admin/emails/${ids[0]}`);
  expect(view.text(view.region("Message")[0]!)).toContain("its text is not shown here");
});

test("a message whose link has expired is not sent again, and the page says why", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const id = await addOutboxRow({ kind: "password-reset", subject: "Reset your password", status: "expired", attempts: 0, lastError: null, expiresAt: new Date(Date.now() - 3_600_000) });
  const page = await staff.get(`/admin/emails/${id}`);
  expect(page.text(page.region("Retry")[0]!)).toContain("This message's link has expired, so it is not sent again. Ask the person to request a new one");
  expect(page.buttons("main")).not.toContain("Retry sending");
  expect(await outboxStatus(id)).toEqual({ status: "expired", attempts: 0 });
});

test("unknown email ids are the 404 page; hostile searches get a message or match literally", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  for (const id of ["2147483647", "0", "abc", "-1", "1.5", "2147483648", "%00", "1%20", "99999999999999999999"]) {
    const response = await staff.request.get(`/admin/emails/${id}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  const nul = await staff.get("/admin/emails?q=a%00b&status=bogus&page=-1");
  expect(nul.status).toBe(200);
  expect(nul.text("main")).toContain("The search contains characters we can't accept");
  expect(nul.control("Recipient").attr("aria-invalid")).toBe("true");
  for (const q of ["%", "_", "' or '1'='1", "<script>alert(1)</script>"]) {
    const page = await staff.get(`/admin/emails?q=${encodeURIComponent(`${q}-${Date.now()}`)}`);
    expect(page.status, q).toBe(200);
    expect(page.statuses(), q).toEqual(["No emails match."]);
  }
});

test("retrying is a plain form post", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const id = await addOutboxRow();
  const retried = await (await staff.get(`/admin/emails/${id}`)).form({ button: "Retry sending" }).submit();
  expect(retried.statuses(/.*/, retried.region("Retry")[0]!).join("\n")).toContain("is back in the queue");
  expect(await outboxStatus(id)).toEqual({ status: "pending", attempts: 0 });
});
