/**
 * Password reset as the server answers it: the forgot-password and reset forms posted without
 * JavaScript, the email and its link (usable once), the same answer for an unknown address, a link
 * without a token. With JavaScript (the mismatch caught before sending, focus) and axe:
 * e2e/password-reset.spec.ts.
 */
import { signUpMember, uniqueMemberEmail } from "../member";
import { countEmails, waitForEmail } from "../outbox";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

const OLD_PASSWORD = "steady ruck march 0600";
const NEW_PASSWORD = "evening range day 1800";

async function signIn(visitor: TextBrowser, email: string, password: string): Promise<HttpPage> {
  return (await visitor.get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", password).submit();
}

/** From the login page's link, as a member who forgot would go. */
async function requestReset(visitor: TextBrowser, email: string): Promise<HttpPage> {
  const forgot = await (await visitor.get("/login")).follow("Forgot password?");
  expect(forgot.path).toBe("/forgot-password");
  const answer = await forgot.form({ button: "Send Instructions" }).fill("Email", email).submit();
  expect(answer.$("main h1, main h2").toArray().map((el) => answer.text(el))).toContain("Check your email");
  expect(answer.text("main")).toContain(email);
  return answer;
}

function resetLink(text: string): URL {
  const match = /http\S+\/reset-password\?token=\S+/.exec(text);
  expect(match, "the email holds a reset link").not.toBeNull();
  return new URL(match![0]);
}

const choose = (page: HttpPage, password: string, confirm = password) =>
  page.form({ button: "Set New Password" }).fill("New password", password).fill("Confirm new password", confirm).submit();

test("the emailed link sets a new password once; the old password stops working", { tag: "@two-servers" }, async ({ visitor, newVisitor }) => {
  const { email } = await signUpMember((await newVisitor()).request, { email: uniqueMemberEmail("reset"), password: OLD_PASSWORD });
  await requestReset(visitor, email);

  const message = await waitForEmail(email, "password-reset");
  expect(message.textBody).toContain("expires in one hour");
  const link = resetLink(message.textBody);

  // Opening the link (as a mail scanner would) does not use the token up.
  expect((await visitor.get(`${link.pathname}${link.search}`)).status).toBe(200);
  const reset = await visitor.get(`${link.pathname}${link.search}`);
  expect(reset.heading(1)).toBe("Choose a new password");

  // The reset page's form posts with its origin (and no JavaScript) and sets the password.
  const changed = await choose(reset, NEW_PASSWORD);
  expect(changed.firstStatus).toBeLessThan(400);
  expect(changed.path).toBe("/login?reset=1");
  expect(changed.statuses("Your password has been changed").length).toBeGreaterThan(0);

  expect((await signIn(visitor, email, OLD_PASSWORD)).alert()).toBe("Invalid email or password");
  expect((await signIn(visitor, email, NEW_PASSWORD)).url.pathname).toBe("/");

  // The same link a second time: refused, with a way to ask for a new one.
  const again = await choose(await visitor.get(`${link.pathname}${link.search}`), "a third long passphrase");
  expect(again.alert()).toContain("invalid or has expired");
  expect(again.link(/request a new one/i).href).toBe("/forgot-password");
});

test("a token that was never issued gets the same refusal as a used one", async ({ visitor }) => {
  const refused = await choose(await visitor.get("/reset-password?token=not-a-real-token"), NEW_PASSWORD);
  expect(refused.alert()).toContain("invalid or has expired");
});

test("mismatched passwords posted without JavaScript are refused", async ({ visitor }) => {
  const refused = await choose(await visitor.get("/reset-password?token=not-a-real-token"), NEW_PASSWORD, `${NEW_PASSWORD}!`);
  expect(refused.status).toBe(422);
  expect(`${refused.alert()} ${refused.fieldError("Confirm new password")}`).toContain("Passwords do not match");
});

test("an unknown address gets the same answer and no email", async ({ visitor }) => {
  const email = uniqueMemberEmail("nobody");
  await requestReset(visitor, email);
  expect(await countEmails(email, "password-reset")).toBe(0);
});

test("the forgot-password form posts without JavaScript", async ({ visitor }) => {
  const answer = await (await visitor.get("/forgot-password")).form({ button: "Send Instructions" }).fill("Email", "someone@example.com").submit();
  expect(answer.$("main h1, main h2").toArray().map((el) => answer.text(el))).toContain("Check your email");
});

test("a link without a token explains what to do", async ({ visitor }) => {
  const page = await visitor.get("/reset-password");
  expect(page.alert()).toContain("This reset link is incomplete");
  expect(page.link("request a new one").href).toBe("/forgot-password");
});
