/**
 * Accounts people manage themselves (issue 12, ADR 0020) as the server answers them, every form posted
 * without JavaScript: sign-up with a name and the mail delivered over SMTP; what an unconfirmed member may
 * do and what waits for the confirmation (guest orders, Giving, statements), the resend limit; changing
 * the address; deleting the account. With JavaScript (focus, the forms' answers in place) and axe:
 * e2e/account.spec.ts.
 */
import { siteWithMail, waitForDelivered } from "../mail";
import { MEMBER_PASSWORD, signUpOlderUnconfirmedMember, uniqueMemberEmail } from "../member";
import { countEmails, waitForEmail } from "../outbox";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

/** Signs up through the register form ("Check your email"), without following the emailed link. */
async function register(visitor: TextBrowser, email: string, name = ""): Promise<HttpPage> {
  const form = (await visitor.get("/register")).form({ button: "Create Account" });
  if (name) form.fill("Name (optional)", name);
  const answer = await form.fill("Email", email).fill("Password", MEMBER_PASSWORD).fill("Confirm password", MEMBER_PASSWORD).check(/I agree to the Terms of Service/).submit();
  expect(answer.heading(2)).toBe("Check your email");
  return answer;
}

/** Signs up through the register form and presses Confirm on the emailed link's page: signed in, welcomed on the profile. */
async function registerAndConfirm(visitor: TextBrowser, email: string, name = ""): Promise<HttpPage> {
  await register(visitor, email, name);
  const home = await (await visitor.get(linkTo((await waitForEmail(email, "confirm-email")).textBody, "/confirm-email"))).form({ button: "Confirm my email" }).submit();
  expect(home.path).toBe("/profile?welcome=1");
  return home;
}

function linkTo(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(text);
  expect(match, `a ${path} link`).not.toBeNull();
  return match![0];
}

/** A pay-at-pickup order of one item through the plain checkout form; its page. */
async function placeOrder(visitor: TextBrowser, slug: string, contact: { name?: string; email?: string }): Promise<HttpPage> {
  const added = await (await visitor.get(`/shop/${slug}`)).form("main form[action='/shop/cart/add']").submit();
  expect(added.byTestId("cart-notice").text()).toContain("to your cart.");
  const form = (await visitor.get("/shop/checkout")).form({ button: "Place order" });
  if (contact.name) form.fill("Full name", contact.name);
  if (contact.email) form.fill("Email", contact.email);
  const placed = await form.fill("Phone", "(210) 555-0142").submit("Place order");
  expect(placed.path).toMatch(/^\/shop\/orders\//);
  return placed;
}

const orderNumberOf = (page: HttpPage) => /VVA-\d+/.exec(page.text("main"))![0];
const securityForm = async (visitor: TextBrowser, button: string) => (await visitor.get("/profile?tab=security")).form({ button });

test.describe("over real SMTP", () => {
  const site = siteWithMail();
  test.use({ baseURL: site.url });

  test("sign-up with a name: the welcome and the confirmation arrive in the mailbox; the link signs in and the header shows the name", async ({ visitor }) => {
    const email = uniqueMemberEmail("welcome");
    await register(visitor, email, "Riley Ortega");
    const welcome = await waitForDelivered(email, /^Welcome to /);
    expect(welcome.text).toContain("Hello Riley Ortega,");
    expect(welcome.text).toContain("Open it to sign in for the first time");
    const confirmation = await waitForDelivered(email, /^Confirm your email for /);
    const confirmed = await (await visitor.get(linkTo(confirmation.text, "/confirm-email"))).form({ button: "Confirm my email" }).submit();
    expect(confirmed.path).toBe("/profile?welcome=1");
    const links = confirmed.links("Riley Ortega", "header");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.href).toBe("/profile");
    expect((await visitor.get("/profile")).byTestId("confirm-address-notice")).toHaveLength(0);
  });
});

test("an unconfirmed member (an account from before issue 28) browses and buys, but guest orders and Giving wait for the confirmation; the link can be resent", async ({ visitor, newVisitor }) => {
  const email = uniqueMemberEmail("unconfirmed");
  const guestOrder = orderNumberOf(await placeOrder(await newVisitor(), "fitness-journal", { name: "Jordan Rivera", email }));
  await signUpOlderUnconfirmedMember(visitor.request, { email });

  // Buying does not wait.
  const ownOrder = orderNumberOf(await placeOrder(visitor, "insulated-water-bottle", { name: "Jordan Rivera" }));

  // The guest order placed with the address has not moved in; Giving and statements wait.
  const orders = await visitor.get("/profile?tab=orders");
  expect(orders.byTestId("confirm-address-notice")).toHaveLength(1);
  expect(orders.byTestId("profile-order")).toHaveLength(1);
  expect(orders.text(orders.byTestId("profile-order")[0]!)).toContain(ownOrder);
  const giving = await visitor.get("/profile?tab=giving");
  expect(giving.byTestId("giving-unconfirmed")).toHaveLength(1);
  expect((await visitor.request.get("/profile/statements/2027")).status()).toBe(403);

  // Resend: a new link, three times an hour.
  let page = giving;
  for (let i = 0; i < 3; i++) {
    page = await page.form({ button: "Resend the confirmation link" }).submit();
    expect(page.statuses("A new link is on its way").length, `resend ${i + 1}`).toBe(1);
  }
  const refused = await page.form({ button: "Resend the confirmation link" }).submit();
  expect(refused.alert()).toContain("We have already sent several confirmation links");
  expect(await countEmails(email, "confirm-email")).toBe(4);

  const confirmed = await (await visitor.get(linkTo((await waitForEmail(email, "confirm-email")).textBody, "/confirm-email"))).form({ button: "Confirm my email" }).submit();
  expect(confirmed.url.pathname).not.toBe("/confirm-email"); // confirmed: sent on to where the link leads
  const after = await visitor.get("/profile?tab=orders");
  expect(after.byTestId("confirm-address-notice")).toHaveLength(0);
  expect(after.byTestId("profile-order")).toHaveLength(2);
  expect(after.text("[role=tabpanel]")).toContain(guestOrder);
  expect((await visitor.get("/profile?tab=giving")).text("main")).toContain(`No gifts from ${email} yet.`);
});

test("change email: nothing changes until the new mailbox confirms; the old address is told; the new one signs in", async ({ visitor, newVisitor }) => {
  const email = uniqueMemberEmail("old");
  const newEmail = uniqueMemberEmail("new");
  await registerAndConfirm(visitor, email);
  const wrong = await (await securityForm(visitor, "Change Email")).fill("New email address", newEmail).fill("Current password", "not my password").submit();
  expect(wrong.status).toBe(422);
  expect(wrong.text("main")).toContain("That password is not correct.");
  const sent = await wrong.form({ button: "Change Email" }).fill("New email address", newEmail).fill("Current password", MEMBER_PASSWORD).submit();
  expect(sent.statuses(`We sent a link to ${newEmail}`).length).toBe(1);
  expect((await visitor.get("/profile")).text("main")).toContain(`Signed in as ${email}`);

  const link = linkTo((await waitForEmail(newEmail, "email-change-confirm")).textBody, "/confirm-email-change");
  // Opened on another device, not signed in: the link alone is the proof.
  const other = await newVisitor();
  expect((await other.get(link)).status).toBe(200); // a mail scanner's GET changes nothing
  const confirmed = await (await other.get(link)).form({ button: "Confirm my new email" }).submit();
  expect(confirmed.text("main")).toContain(`Your account now uses ${newEmail}.`);
  const reused = await (await other.get(link)).form({ button: "Confirm my new email" }).submit();
  expect(reused.alert()).toContain("This link is invalid, has expired or was already used.");

  expect((await waitForEmail(email, "email-changed")).textBody).toContain(newEmail);
  const profile = await visitor.get("/profile");
  expect(profile.text("main")).toContain(`Signed in as ${newEmail}`);
  expect(profile.byTestId("confirm-address-notice")).toHaveLength(0); // confirmed by the link
});

test("delete the account: password and confirmation, then signed out for good; the order stays, anonymised on the desk", async ({ visitor, signedIn }) => {
  const email = uniqueMemberEmail("leaving");
  await registerAndConfirm(visitor, email, "Casey Leaving");
  const order = await placeOrder(visitor, "insulated-water-bottle", {});
  const orderPath = order.url.pathname;

  const incomplete = await (await securityForm(visitor, "Delete My Account")).submit("Delete My Account");
  expect(incomplete.status).toBe(422);
  expect(incomplete.alert()).not.toBe("");
  expect(incomplete.text("main")).toMatch(/Enter your current password\.|Tick the box to confirm you want your account deleted\./);
  const deleted = await incomplete.form({ button: "Delete My Account" }).fill("Current password", MEMBER_PASSWORD).check(/I understand/).submit("Delete My Account");
  expect(deleted.path).toBe("/?account-deleted=1");
  // Signed out: the server's own HTML (desktop header and phone menu alike) offers "Login / Register".
  expect((await visitor.get("/about")).body).toContain("Login / Register");
  expect(await countEmails(email, "account-deleted")).toBe(1);

  // The order page no longer opens for this browser (nobody owns it); signing in fails.
  expect((await visitor.get(orderPath)).status).toBe(404);
  const login = await (await visitor.get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", MEMBER_PASSWORD).submit();
  expect(login.alert()).toBe("Invalid email or password");

  // The orders desk still has the order, with its amounts, and without the person.
  const staff = await signedIn("staff");
  const desk = await staff.browser.get(`/admin/orders/${orderPath.split("/").pop()}`);
  expect(desk.byTestId("desk-order-anonymised")).toHaveLength(1);
  expect(desk.text("main")).not.toContain("Casey Leaving");
  expect(desk.text("main")).not.toContain(email);
  expect(desk.text("main")).toContain("$");
});

test("without JavaScript bad input is answered 422 beside the field, and nothing changes; the change of address still works", async ({ visitor }) => {
  const email = uniqueMemberEmail("nojs");
  await registerAndConfirm(visitor, email);
  const badAddress = await (await securityForm(visitor, "Change Email")).fill("New email address", "not an address").fill("Current password", MEMBER_PASSWORD).submit();
  expect(badAddress.status).toBe(422);
  expect(badAddress.fieldError("New email address")).toBe("Enter a valid email address, like name@example.com.");

  const wrongPassword = await (await securityForm(visitor, "Delete My Account")).fill("Current password", "wrong password").check(/I understand/).submit("Delete My Account");
  expect(wrongPassword.status).toBe(422);
  expect(wrongPassword.text("main")).toContain("That password is not correct.");
  expect((await visitor.get("/profile")).text("main")).toContain(`Signed in as ${email}`);

  // The change journey works without JavaScript too.
  const newEmail = uniqueMemberEmail("nojs-new");
  const sent = await (await securityForm(visitor, "Change Email")).fill("New email address", newEmail).fill("Current password", MEMBER_PASSWORD).submit();
  expect(sent.text("main")).toContain(`We sent a link to ${newEmail}`);
  const confirm = await visitor.get(linkTo((await waitForEmail(newEmail, "email-change-confirm")).textBody, "/confirm-email-change"));
  expect((await confirm.form({ button: "Confirm my new email" }).submit()).text("main")).toContain(`Your account now uses ${newEmail}.`);
});
