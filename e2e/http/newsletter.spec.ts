/**
 * The newsletter as the server answers it, on the e2e site that delivers its mail over SMTP (e2e/mail.ts):
 * the footer sign-up and double opt-in, the confirmation and unsubscribe links (a GET changes nothing),
 * a mail app's one-click unsubscribe (RFC 8058), the profile's Marketing emails, and staff sending an
 * issue that reaches a subscriber with its List-Unsubscribe headers. The same with JavaScript, and axe on
 * each page: e2e/newsletter.spec.ts.
 */
import { randomUUID } from "node:crypto";
import { siteWithMail, waitForDelivered } from "../mail";
import { uniqueMemberEmail } from "../member";
import { subscriberRow, subscriberWithUnsubscribeLink } from "../newsletter-db";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const site = siteWithMail();
test.use({ baseURL: site.url });

/** What the footer answers every address, subscribed already or not. */
const answerFor = (email: string) => `Almost there: check ${email} for an email from us and follow it to confirm. We send no newsletter until the address is confirmed.`;

/** The link to `path` in an email's text. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replaceAll("/", "\\/")}\\?token=[A-Za-z0-9_-]+`).exec(text);
  expect(match, `a ${path} link in the email`).not.toBeNull();
  return match![0];
}

function subscribeInFooter(page: HttpPage, typed: string): Promise<HttpPage> {
  return page.form("footer form").fill("email", typed).submit();
}

const confirmedAt = async (email: string) => (await subscriberRow(email, site.databaseUrl))?.confirmed_at ?? null;
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

test("subscribe in the footer and confirm from the email; opening the link changes nothing; a second sign-up gets the same answer", async ({ visitor }) => {
  const email = uniqueMemberEmail("reader");
  const answered = await subscribeInFooter(await visitor.get("/"), email);
  expect(answered.status).toBe(200);
  expect(answered.text("footer form [role=status]")).toBe(answerFor(email));

  const mail = await waitForDelivered(email, "Confirm your newsletter subscription — Vanguard Veterans");
  expect(mail.from).toBe("no-reply@vanguardveterans.org");
  expect(mail.text).toContain("press Confirm");
  expect(mail.html).toContain("Confirm my subscription");
  const link = linkIn(mail.text, "/newsletter/confirm");
  expect(link.startsWith(`${site.url}/newsletter/confirm?token=`)).toBe(true);

  // Mail scanners and link previews fetch links: a GET confirms nothing.
  const page = await visitor.get(pathOf(link));
  expect(page.status).toBe(200);
  expect(page.heading(1)).toBe("Confirm Your Subscription");
  expect(page.text("main")).toContain(`Confirm that ${email} should receive our newsletter`);
  expect(await confirmedAt(email)).toBeNull();

  const confirmed = await page.form({ button: "Confirm my subscription" }).submit();
  expect(confirmed.text("main")).toContain(`You’re subscribed: ${email} will receive our newsletter.`);
  expect(await confirmedAt(email)).not.toBeNull();

  // The link is used up.
  const used = await visitor.get(pathOf(link));
  expect(used.text("main")).toContain("This confirmation link has expired or has already been used.");
  expect(used.buttons("main")).not.toContain("Confirm my subscription");

  // Signing up again: the very same answer on the page; only the mailbox learns it was already subscribed.
  const again = await subscribeInFooter(await visitor.get("/contact"), email.toUpperCase());
  expect(again.text("footer form [role=status]")).toBe(answerFor(email.toLowerCase()));
  const notice = await waitForDelivered(email, "You're already subscribed — Vanguard Veterans");
  expect(notice.text).toContain("This address is already subscribed, so nothing has changed");
});

test("a refused sign-up answers 422 with the message beside the field", async ({ visitor }) => {
  // A browser's own check lets this through (an address without a dot in its domain); ours does not.
  const refused = await subscribeInFooter(await visitor.get("/"), "jane@example");
  expect(refused.status).toBe(422);
  expect(refused.text("footer form [role=status]")).toBe("Enter a valid email address, like name@example.com.");
});

test("one-click unsubscribe: a mail app's POST with no cookies is answered 200, without a redirect", async ({ playwright }) => {
  const email = uniqueMemberEmail("one-click");
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const link = `${site.url}/newsletter/unsubscribe?token=${token}`;
  // A client of its own: no cookies, no storage, another site's origin (a webmail page) or none (its servers).
  const mailApp = await playwright.request.newContext();
  try {
    const response = await mailApp.post(link, { form: { "List-Unsubscribe": "One-Click" }, headers: { Origin: "https://mail.example.net" }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()["location"]).toBeUndefined();
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(await response.text()).toContain("You are unsubscribed from the newsletter.");
    expect(await subscriberRow(email, site.databaseUrl)).toBeUndefined();

    // Pressed again, multipart this time (what RFC 8058 recommends), from the provider's servers: 200 again.
    const again = await mailApp.post(link, { multipart: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
    expect(again.status()).toBe(200);

    // Without the one-click body it is not an unsubscribe; and another site's post anywhere else is still refused.
    expect((await mailApp.post(link, { form: { unsubscribe: "yes" }, headers: { Origin: "https://mail.example.net" }, maxRedirects: 0 })).status()).toBe(400);
    const forged = await mailApp.post(`${site.url}/newsletter/confirm?token=${token}`, { form: { token }, headers: { Origin: "https://mail.example.net" }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
  } finally {
    await mailApp.dispose();
  }
});

test("the unsubscribe link opens a page with a button; opening it changes nothing", async ({ visitor }) => {
  const email = uniqueMemberEmail("unsubscriber");
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const link = `/newsletter/unsubscribe?token=${token}`;

  const page = await visitor.get(link);
  expect(page.status).toBe(200);
  expect(page.heading(1)).toBe("Unsubscribe");
  expect(page.text("main")).toContain(`Stop sending our newsletter to ${email}?`);
  expect(page.link("Settings in their profile").href).toBe("/profile?tab=settings");
  expect(await subscriberRow(email, site.databaseUrl)).toBeDefined();

  const done = await page.form({ button: "Unsubscribe" }).submit("Unsubscribe");
  expect(done.text("main")).toContain(`You’re unsubscribed: ${email} will not receive our newsletter any more.`);
  expect(await subscriberRow(email, site.databaseUrl)).toBeUndefined();

  const again = await visitor.get(link);
  expect(again.text("main")).toContain(`${email} is not subscribed to our newsletter: you will not receive it.`);
  expect(again.buttons("main")).not.toContain("Unsubscribe");
});

test("a member signed in with the link's address also gets their email settings there", async ({ signedIn }) => {
  const { browser, email } = await signedIn(null, site);
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const page = await browser.get(`/newsletter/unsubscribe?token=${token}`);
  expect(page.control("Marketing emails").is("[checked]")).toBe(true);
  const done = await page.form({ button: "Unsubscribe" }).submit("Unsubscribe");
  expect(done.text("main")).toContain(`You’re unsubscribed: ${email}`);
  expect(done.control("Marketing emails").is("[checked]")).toBe(false);
});

/** The settings form's Marketing emails box, ticked or not, saved by the form's own button. */
async function saveMarketing(browser: TextBrowser, on: boolean): Promise<HttpPage> {
  const settings = await browser.get("/profile?tab=settings");
  const form = settings.form("main form:has(input[type=checkbox])");
  return form.check("Marketing emails", on).submit();
}

test("the profile's Marketing emails is the newsletter subscription: off at first, on only after the emailed confirmation", async ({ signedIn }) => {
  const { browser, email } = await signedIn(null, site);
  const settings = await browser.get("/profile?tab=settings");
  expect(settings.control("Marketing emails").is("[checked]")).toBe(false);

  const saved = await saveMarketing(browser, true);
  expect(saved.text("main")).toContain("Settings saved. To start the newsletter, open the link we just emailed you and press Confirm.");
  expect(saved.text("main")).toContain("Waiting for your confirmation: open the link we emailed you and press Confirm.");
  expect(await confirmedAt(email)).toBeNull();

  const link = linkIn((await waitForDelivered(email, /^Confirm your newsletter subscription/)).text, "/newsletter/confirm");
  const confirmed = await (await browser.get(pathOf(link))).form({ button: "Confirm my subscription" }).submit();
  expect(confirmed.text("main")).toContain(`You’re subscribed: ${email}`);

  const subscribed = await browser.get("/profile?tab=settings");
  expect(subscribed.control("Marketing emails").is("[checked]")).toBe(true);
  expect(subscribed.text("main")).toContain("You receive our newsletter. Every issue has a link to unsubscribe in one click.");
  const off = await saveMarketing(browser, false);
  expect(off.text("main")).toContain("Settings saved.");
  await expect.poll(() => subscriberRow(email, site.databaseUrl)).toBeUndefined();
});

test("staff write, preview, test and send a newsletter; a subscriber gets it with its unsubscribe headers and leaves in one click", async ({ signedIn, playwright }) => {
  const reader = uniqueMemberEmail("subscriber");
  await query("insert into newsletter_subscribers (email, confirmed_at) values ($1, now())", [reader], site.databaseUrl);
  const { browser, email: staffEmail } = await signedIn("staff", site);
  const subject = `News from the range ${randomUUID()}`;
  const body = "Hello **members**,\n\nThe [range day](https://example.org/range) is on Saturday.\n\n- Bring water\n- Bring ID";

  const desk = await browser.get("/admin/newsletter");
  expect(desk.heading(1)).toBe("Newsletter");
  const refused = await desk.form({ button: "Create draft" }).fill("Subject", subject).fill("Text", `${body}\n\n<b>no html</b>`).submit();
  expect(refused.status).toBe(422);
  expect(refused.fieldError("Text")).toMatch(/HTML is not used here/);
  const draft = await refused.form({ button: "Create draft" }).fill("Text", body).submit();
  expect(draft.path).toMatch(/^\/admin\/newsletter\/\d+$/);

  const PREVIEW = "section[aria-labelledby=preview-heading]";
  expect(draft.$(`${PREVIEW} strong`).toArray().map((strong) => draft.$(strong).text())).toContain("members");
  expect(draft.link("range day", PREVIEW).href).toBe("https://example.org/range");
  expect(draft.$(`${PREVIEW} li`).toArray().map((li) => draft.$(li).text())).toEqual(["Bring water", "Bring ID"]);

  const tested = await draft.form({ button: "Send a test to me" }).submit();
  expect(tested.text("main")).toContain(`Test sent to ${staffEmail}`);
  const testCopy = await waitForDelivered(staffEmail, `[Test] ${subject}`);
  expect(testCopy.from).toBe("newsletter@vanguardveterans.org");
  expect(testCopy.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  const unticked = await tested.form({ button: "Send to subscribers" }).submit();
  expect(unticked.status).toBe(422);
  expect(unticked.text("main")).toContain("Tick the box to confirm you checked the preview and the test email.");
  const sent = await unticked.form({ button: "Send to subscribers" }).check(/^I checked the preview and the test email/).submit();
  expect(sent.path).toMatch(/^\/admin\/newsletter\/\d+\?sent$/);
  expect(sent.$("[role=status]").toArray().map((el) => sent.$(el).text().trim()).some((text) => /^Sending to \d+ confirmed subscribers?\./.test(text))).toBe(true);

  // The subscriber's copy, as the mail server received it: its own sender, both parts, both headers.
  const copy = await waitForDelivered(reader, subject);
  expect(copy).toMatchObject({ from: "newsletter@vanguardveterans.org", envelopeFrom: "newsletter@vanguardveterans.org" });
  expect(copy.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(copy.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
  expect(unsubscribe).toMatch(new RegExp(`^${site.url.replaceAll(".", "\\.")}/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
  expect(copy.text).toContain("Hello members,");
  expect(copy.text).toContain("The range day (https://example.org/range) is on Saturday.");
  expect(copy.text).toContain(`Unsubscribe in one click:\n\n${unsubscribe}\n`);
  expect(copy.html).toContain("<strong>members</strong>");

  // The issue's page counts what was sent; the list shows it sent.
  const issuePath = sent.url.pathname;
  await expect
    .poll(async () => {
      const issue = await browser.get(issuePath);
      return issue.$("dt").filter((_, dt) => issue.$(dt).text().trim() === "Sent").next("dd").text().trim();
    })
    .not.toBe("0");
  const list = await browser.get("/admin/newsletter");
  expect(list.$("tr").filter((_, tr) => list.$(tr).text().includes(subject)).text()).toMatch(/Sent \d+ · Failed 0/);

  // The subscriber list, and its CSV.
  const subscribers = await browser.get("/admin/newsletter/subscribers");
  expect(subscribers.$("tr").filter((_, tr) => subscribers.$(tr).text().includes(reader)).text()).toContain("Confirmed");
  const csv = await browser.get("/admin/newsletter/subscribers.csv");
  expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.body.split("\r\n")[0]).toBe("Email,Status,Signed up (Central Time),Confirmed (Central Time),Consent");
  // Times as the screens show them, in the association's zone, in a form a spreadsheet reads as dates.
  expect(csv.body).toMatch(new RegExp(`\r\n${reader.replace(/[.+]/g, "\\$&")},Confirmed,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,`));

  // The reader's mail app presses Unsubscribe: one POST to the header's address, no cookies.
  const mailApp = await playwright.request.newContext();
  const left = await mailApp.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(left.status()).toBe(200);
  expect(await subscriberRow(reader, site.databaseUrl)).toBeUndefined();
  await mailApp.dispose();
});

test("staff add an address from a paper sign-up sheet without a confirmation email, and unsubscribe someone who phoned; both audited", async ({ signedIn }) => {
  const { browser, email: staffEmail } = await signedIn("staff", site);
  const signer = uniqueMemberEmail("paper");
  const sheet = `Veterans Day cookout sheet ${randomUUID().slice(0, 8)}`;
  const page = await browser.get("/admin/newsletter/subscribers");
  const paperForm = () => page.form({ button: "Add to the newsletter" });

  const unticked = await paperForm().fill("Email address, as written on the sheet", signer).fill("Which sheet", sheet).submit();
  expect(unticked.status).toBe(422);
  expect(unticked.fieldError(/wrote this address on the sheet/)).toBe(
    "Tick the box to confirm the person wrote this address on the sheet and ticked or signed for the newsletter.",
  );
  expect(await subscriberRow(signer, site.databaseUrl)).toBeUndefined();

  const added = await unticked.form({ button: "Add to the newsletter" }).check(/wrote this address on the sheet/).submit();
  expect(added.status).toBe(200);
  expect(added.statuses(/subscribed/, added.region("Add from a paper sign-up sheet")[0]!)).toEqual([
    `${signer} is subscribed, from the paper sign-up sheet. Keep the sheet: it is the record of their consent.`,
  ]);
  expect((await subscriberRow(signer, site.databaseUrl))?.confirmed_at).not.toBeNull();
  const listed = await browser.get("/admin/newsletter/subscribers");
  expect(listed.$("tr").filter((_, tr) => listed.$(tr).text().includes(signer)).text()).toContain(`Paper sign-up sheet (${sheet}), entered by ${staffEmail}`);
  const csv = await browser.get("/admin/newsletter/subscribers.csv");
  expect(csv.body).toContain(`${signer},Confirmed,`);
  expect(csv.body).toContain(`Paper sign-up sheet (${sheet})`);
  // No confirmation email: the sheet is the consent.
  expect(await query("select id from email_outbox where to_address = $1", [signer], site.databaseUrl)).toEqual([]);

  const again = await listed.form({ button: "Add to the newsletter" }).fill("Email address, as written on the sheet", signer).fill("Which sheet", "Another sheet").check(/wrote this address/).submit();
  expect(again.status).toBe(422);
  expect(again.alert()).toMatch(new RegExp(`^${signer.replace(/[.+]/g, "\\$&")} is already subscribed \\(since .+\\): nothing changed\\.$`));

  const unsubscribe = () => again.form({ button: "Unsubscribe" }).fill("Their email address", signer.toUpperCase());
  const noReason = await unsubscribe().submit();
  expect(noReason.status).toBe(422);
  expect(noReason.fieldError("How they asked")).toBe("Say how they asked, for example “Phoned the office”.");
  const removed = await unsubscribe().fill("How they asked", "Phoned the office").submit();
  expect(removed.statuses(/unsubscribed/, removed.region("Unsubscribe someone who asked by phone or in person")[0]!)).toEqual([
    `${signer} is unsubscribed and gets no more newsletters.`,
  ]);
  expect(await subscriberRow(signer, site.databaseUrl)).toBeUndefined();
  const audit = await query<{ action: string; actor_email: string }>(
    "select action, actor_email from audit_log where record_type = 'newsletter-subscriber' and record_id = $1 order by id",
    [signer],
    site.databaseUrl,
  );
  expect(audit).toEqual([
    { action: "newsletter.subscriber-added", actor_email: staffEmail },
    { action: "newsletter.subscriber-removed", actor_email: staffEmail },
  ]);

  const gone = await unsubscribe().fill("How they asked", "Phoned again").submit();
  expect(gone.status).toBe(422);
  expect(gone.alert()).toBe(`${signer} is not on the list (nor waiting to confirm): there is nothing to unsubscribe.`);
});
