/**
 * The members desk as the server answers it: search (a GET form), a member's page, granting and extending
 * a membership, disabling an account (signed out everywhere; sign-in with a password or Google and
 * password resets refused) and re-enabling it, who may disable whom, the 404s and hostile searches — all
 * plain form posts. The desk with JavaScript (focus on the refused field, answers in place) and axe:
 * e2e/staff-members.spec.ts.
 */
import { randomUUID } from "node:crypto";
import { GOOGLE_IDENTITY_COOKIE, googleStandInUrl, type GoogleIdentity } from "../google";
import { MEMBER_PASSWORD, signUpMember } from "../member";
import { accountState, auditCount, createAccount, membershipOf, setMembership, userIdOf } from "../members-desk-db";
import { waitForEmail } from "../outbox";
import { query, setRole } from "../staff-db";
import { addVerificationRequest } from "../verification-db";
import { expect, test } from "./fixtures";
import { TextBrowser, type HttpPage } from "./text-browser";

const ACCOUNT_DISABLED = "This account has been disabled. Please contact the association if you think this is a mistake.";

/** What a definition list in `region` says for `term` (the desk's facts: "Status", "Signed in on"…). */
function fact(page: HttpPage, region: string, term: string): string {
  const dt = page.region(region).find("dt").filter((_, el) => page.text(el) === term);
  expect(dt, `${term} in ${region}`).toHaveLength(1);
  return page.text(dt.next("dd")[0]!);
}

const regionText = (page: HttpPage, name: string) => page.text(page.region(name)[0]!);

async function signInWithPassword(browser: TextBrowser, email: string): Promise<HttpPage> {
  return (await browser.get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", MEMBER_PASSWORD).submit("Sign In");
}

test("staff find a member, see their page, and grant then extend a membership", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const member = await signedIn(null);
  const memberId = await userIdOf(member.email);

  const list = await staff.get("/admin/members");
  expect(list.heading(1)).toBe("Members");
  const found = await list.form({ button: "Find members" }).fill("Name or email", member.email.toUpperCase()).submit();
  expect(found.statuses()).toEqual(["1 member match."]);
  const row = found.byTestId("member-row");
  expect(row).toHaveLength(1);
  expect(found.text(row[0]!)).toContain("Basic");
  const page = await found.follow(member.email, row[0]!);
  expect(page.path).toBe(`/admin/members/${memberId}`);
  expect(page.heading(1)).toBe(member.email);
  expect(regionText(page, "Membership")).toContain("Basic (free)");
  expect(regionText(page, "Orders")).toContain("No orders.");
  expect(regionText(page, "Event registrations")).toContain("No event registrations.");
  expect(regionText(page, "Service verification")).toContain("No request to be verified.");
  expect(regionText(page, "Account")).toContain("Only an admin can change staff roles.");

  // Absurd durations: a 422 with the message next to the field, and nothing changes.
  for (const [value, message] of [
    ["0", "Enter a whole number of months from 1 to 36."],
    ["999", "At most 36 months at a time."],
    ["-5", "Enter a whole number of months from 1 to 36."],
    ["1e9", "Enter a whole number of months from 1 to 36."],
  ] as const) {
    const refused = await page.form({ button: "Grant membership" }).fill("Months", value).select("Paid by", "Cash").fill("Amount received (dollars)", "99").submit();
    expect(refused.status, value).toBe(422);
    expect(refused.fieldError("Months"), value).toContain(message);
    expect(regionText(refused, "Grant or extend a membership"), value).toContain(message);
  }
  expect(await membershipOf(memberId)).toBeUndefined();

  const granted = await page.form({ button: "Grant membership" }).fill("Months", "12").select("Plan", "premium").select("Paid by", "Cash").fill("Amount received (dollars)", "99").submit();
  expect(granted.statuses(/.*/, granted.region("Grant or extend a membership")[0]!)).toEqual([
    expect.stringMatching(/^Premium membership granted: it now runs until June 2\d, 2028\. Receipt M-\d+ was emailed to the member\.$/),
  ]);
  expect(await membershipOf(memberId)).toMatchObject({ plan: "premium", orderId: null });
  expect(regionText(granted, "Membership")).toContain("Granted at the desk");

  // The member sees it on their own profile, as after a paid order.
  const theirs = await member.browser.get("/profile?tab=membership");
  expect(theirs.text(theirs.$("[role=tabpanel]:not([hidden]) dd").first()[0]!)).toBe("Premium");

  // A running membership of the same plan is extended from its end date, not from today.
  await setMembership(memberId, "premium", new Date("2027-01-01T06:00:00Z"), new Date("2027-10-01T05:00:00Z"));
  const reloaded = await staff.get(`/admin/members/${memberId}`);
  // Recorded again within minutes of the first: the volunteer is asked before it extends again.
  const asked = await reloaded.form({ button: "Grant membership" }).fill("Months", "2").select("Paid by", "Complimentary (given free: no amount, no receipt)").submit();
  expect(asked.status).toBe(422);
  expect(asked.alert()).toContain("already had Premium recorded at the desk");
  expect((await membershipOf(memberId))?.renewsOn.toISOString()).toBe("2027-10-01T05:00:00.000Z");
  const extended = await asked.form({ button: "Grant membership" }).check("This is a second payment: record it again").submit();
  expect(extended.statuses(/.*/, extended.region("Grant or extend a membership")[0]!)).toEqual([
    "Premium membership extended: it now runs until December 1, 2027. Complimentary: no receipt was sent.",
  ]);
  expect((await membershipOf(memberId))?.renewsOn.toISOString()).toBe("2027-12-01T06:00:00.000Z");
  expect(await auditCount("user", memberId, "membership.grant")).toBe(1);
  expect(await auditCount("user", memberId, "membership.extend")).toBe(1);
});

test("a member's page shows their service verification, linked to the request for staff who may open it", async ({ signedIn }) => {
  const requestId = await addVerificationRequest();
  const [owner] = await query<{ user_id: string }>(`select user_id from service_verifications where id = $1`, [requestId]);
  for (const role of ["staff", "admin"] as const) {
    const { browser } = await signedIn(role);
    const page = await browser.get(`/admin/members/${owner!.user_id}`);
    expect(regionText(page, "Service verification"), role).toMatch(/Service status\s*Waiting for a decision: Veteran, asked /);
    expect(page.links(/^Waiting for a decision/, "main").map((link) => link.href), role).toEqual([`/admin/verifications/${requestId}`]);
  }
});

test("disabling an account signs the member out everywhere and refuses their sign-in and resets until re-enabled", async ({ signedIn, newVisitor }) => {
  const { browser: staff } = await signedIn("staff");
  // A member who signed up with a password, signed in on a device of their own.
  const theirs = await newVisitor();
  const member = await signUpMember(theirs.request);
  const memberId = await userIdOf(member.email);
  expect((await theirs.get("/profile")).url.pathname).toBe("/profile");

  const page = await staff.get(`/admin/members/${memberId}`);
  expect(fact(page, "Account", "Signed in on")).toBe("1 device");

  // No reason, no confirmation: messages next to the fields, nothing changes.
  const refused = await page.form({ button: "Disable account" }).submit();
  expect(refused.status).toBe(422);
  expect(refused.fieldError("Reason (for staff)")).toBe("Say why the account is disabled (staff see it; the member does not).");
  expect(refused.fieldError(/Sign this member out everywhere/)).toContain("Tick the box to confirm");
  expect(await accountState(member.email)).toEqual({ banned: false, sessions: 1 });

  const disabled = await refused
    .form({ button: "Disable account" })
    .fill("Reason (for staff)", "Repeated abusive messages")
    .check(/Sign this member out everywhere/)
    .submit();
  expect(disabled.statuses(/.*/, disabled.region("Account")[0]!)).toEqual([`${member.email} is disabled and was signed out everywhere (1 session ended).`]);
  expect(disabled.text("main")).toContain("This account is disabled: the member cannot sign in.");
  expect(regionText(disabled, "Account")).toContain("Repeated abusive messages");
  expect(disabled.buttons(disabled.region("Account")[0]!)).toContain("Re-enable account");
  expect(await accountState(member.email)).toEqual({ banned: true, sessions: 0 });

  // Their device is signed out; the password no longer signs in, with a clear message.
  expect((await theirs.get("/profile")).url.pathname).toBe("/login");
  const signIn = await signInWithPassword(theirs, member.email);
  expect(signIn.alert()).toBe(ACCOUNT_DISABLED);
  expect((await accountState(member.email)).sessions).toBe(0);

  // "Forgot password" answers as always; the mailbox gets no link, only a notice.
  const forgot = await (await theirs.get("/forgot-password")).form({ button: /Send/ }).fill("Email", member.email).submit();
  expect(forgot.status).toBe(200);
  const notice = await waitForEmail(member.email, "account-disabled");
  expect(notice.textBody).toContain("This account has been disabled");
  expect(notice.textBody).not.toMatch(/token=/);

  const enabled = await disabled.form({ button: "Re-enable account" }).submit();
  expect(enabled.statuses(/.*/, enabled.region("Account")[0]!)).toEqual([`${member.email} can sign in again.`]);
  expect(fact(enabled, "Account", "Status")).toBe("Active");
  const back = await signInWithPassword(theirs, member.email);
  expect(back.url.pathname).toBe("/");
  expect(await auditCount("user", memberId, "account.disable")).toBe(1);
  expect(await auditCount("user", memberId, "account.enable")).toBe(1);
});

test("a disabled account cannot sign in with Google either", async ({ playwright, baseURL, signedIn }) => {
  const id = `http-${Date.now()}-${randomUUID().slice(0, 6)}`;
  const google: GoogleIdentity = { sub: `google-${id}`, email: `google-${id}@example.com`, name: "Casey Morgan" };
  // Whoever signs in with "Google" on this device: the stand-in reads its own cookie.
  const { hostname } = new URL(googleStandInUrl());
  const request = await playwright.request.newContext({
    baseURL,
    storageState: {
      cookies: [{ name: GOOGLE_IDENTITY_COOKIE, value: encodeURIComponent(JSON.stringify(google)), domain: hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }],
      origins: [],
    },
  });
  try {
    const device = new TextBrowser(request, new URL(baseURL!).origin);
    const first = await (await device.get("/login")).form({ button: "Continue with Google" }).submit();
    expect(first.url.pathname).toBe("/profile"); // a new account, welcomed

    const { browser: staff } = await signedIn("staff");
    const desk = await staff.get(`/admin/members/${await userIdOf(google.email)}`);
    const disabled = await desk.form({ button: "Disable account" }).fill("Reason (for staff)", "Spam").check(/Sign this member out everywhere/).submit();
    expect(disabled.buttons(disabled.region("Account")[0]!)).toContain("Re-enable account");

    const again = await (await device.get("/login")).form({ button: "Continue with Google" }).submit();
    expect(again.url.pathname).toBe("/login");
    expect(again.url.searchParams.get("error")).toBe("BANNED_USER");
    expect(again.alert()).toBe(ACCOUNT_DISABLED);
    expect(await accountState(google.email)).toEqual({ banned: true, sessions: 0 });
  } finally {
    await request.dispose();
  }
});

test("staff cannot disable themselves or an admin; admins can, and reach staff roles from a member's page", async ({ signedIn }) => {
  const staff = await signedIn("staff");
  const admin = await signedIn("admin");
  const own = await staff.browser.get(`/admin/members/${await userIdOf(staff.email)}`);
  expect(regionText(own, "Account")).toContain("This is your own account: another staff member must do this.");
  expect(own.buttons("main")).not.toContain("Disable account");
  const admins = await staff.browser.get(`/admin/members/${await userIdOf(admin.email)}`);
  expect(regionText(admins, "Account")).toContain("only an admin can disable or re-enable it");
  expect(admins.buttons("main")).not.toContain("Disable account");

  const otherAdmin = await createAccount("Alex Admin");
  await setRole(otherAdmin.email, "admin");
  const page = await admin.browser.get(`/admin/members/${otherAdmin.id}`);
  expect(regionText(page, "Account")).toContain("Admin");
  expect(page.link("Manage staff roles", page.region("Account")[0]!).href).toBe("/admin/staff");
  expect(page.buttons(page.region("Account")[0]!)).toContain("Disable account");
});

test("unknown member ids are the 404 page; hostile searches get a message or match literally", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  for (const id of ["00000000-0000-4000-8000-000000000000", "x".repeat(65), "%00", "'or'1'='1", "a b", "..%2F..%2Fetc"]) {
    const response = await staff.request.get(`/admin/members/${encodeURIComponent(id)}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  const nul = await staff.get("/admin/members?q=a%00b");
  expect(nul.status).toBe(200);
  expect(nul.text("main")).toContain("The search contains characters we can't accept");
  expect(nul.control("Name or email").attr("aria-invalid")).toBe("true");
  const long = await staff.get(`/admin/members?q=${"x".repeat(101)}`);
  expect(long.text("main")).toContain("Search for at most 100 characters.");
  for (const q of ["%", "_", "' or '1'='1", "<script>alert(1)</script>", "\\"]) {
    const page = await staff.get(`/admin/members?q=${encodeURIComponent(`${q}-${Date.now()}`)}&page=-4`);
    expect(page.status, q).toBe(200);
    expect(page.statuses(), q).toEqual(["No members match."]);
  }
});

test("granting a membership is a plain form post", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const member = await createAccount("Jordan Hayes");
  const page = await staff.get(`/admin/members/${member.id}`);
  const refused = await page.form({ button: "Grant membership" }).select("Plan", "elite").fill("Months", "40").select("Paid by", "Card (on the desk's card reader)").fill("Amount received (dollars)", "-5").submit();
  expect(refused.status).toBe(422);
  expect(regionText(refused, "Grant or extend a membership")).toContain("At most 36 months at a time.");
  expect(await membershipOf(member.id)).toBeUndefined();
  const negative = await refused.form({ button: "Grant membership" }).fill("Months", "6").submit();
  expect(negative.status).toBe(422);
  expect(negative.fieldError("Amount received (dollars)")).toMatch(/ An amount received can't be negative\.$/);
  const unknownMethod = await negative.form({ button: "Grant membership" }).fill("Amount received (dollars)", "99").without("method").add("method", "venmo").submit();
  expect(unknownMethod.status).toBe(422);
  expect(unknownMethod.fieldError("Paid by")).toBe("Choose how it was paid (cash, card or check), or Complimentary.");
  expect(await membershipOf(member.id)).toBeUndefined();
  const granted = await unknownMethod.form({ button: "Grant membership" }).select("Paid by", "Card (on the desk's card reader)").fill("Amount received (dollars)", "99.50").submit();
  expect(granted.statuses(/.*/, granted.region("Grant or extend a membership")[0]!)).toEqual([
    expect.stringMatching(/^Elite membership granted: it now runs until December 2\d, 2027\. Receipt M-\d+ was emailed to the member\.$/),
  ]);
  const receipt = await waitForEmail(member.email, "membership-receipt");
  expect(receipt.textBody).toContain("Membership: Elite, 6 months");
  expect(receipt.textBody).toContain("Amount paid: $99.50");
  expect(receipt.textBody).toContain("Paid by: Card (on the desk's card reader), at the desk");
  expect(await membershipOf(member.id)).toMatchObject({ plan: "elite" });
});
