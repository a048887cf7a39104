/**
 * "Continue with Google" as the server answers it: the button is a plain form whose post redirects to
 * the Google stand-in (e2e/google-stand-in.ts), which approves at once as the identity in its
 * `google-identity` cookie and sends the browser back to the callback, which signs the member in. A text
 * browser follows that dance when the identity cookie is in its jar. With JavaScript (the button, focus on
 * the red box) and axe: e2e/google-sign-in.spec.ts.
 */
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { e2eDatabaseUrl } from "../e2e-database";
import { GOOGLE_IDENTITY_COOKIE, googleStandInUrl, siteWithoutGoogleUrl, type GoogleIdentity } from "../google";
import { signUpMember } from "../member";
import { expect, test } from "./fixtures";
import { TextBrowser, type HttpPage } from "./text-browser";

function newGoogleAccount(name = "Dana Whitfield"): GoogleIdentity {
  const id = `${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { sub: `google-${id}`, email: `google-${id}@example.com`, name };
}

const badge = (page: HttpPage) => page.text("[data-testid=cart-count]");

/** The header's account links (the banner's and the phone menu's) named so, as the server sends them. */
const accountLinks = (page: HttpPage, name: string) => page.links(name, "header");

const continueWithGoogle = async (page: HttpPage) => page.form({ button: "Continue with Google" }).submit();

test.describe("with a Google account", () => {
  const contexts: APIRequestContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.dispose()));
  });

  /** A visitor whose "Google" signs in as `identity`: the stand-in's cookie is in its jar. */
  async function googleVisitor(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, identity: GoogleIdentity): Promise<TextBrowser> {
    const context = await playwright.request.newContext({
      baseURL,
      storageState: {
        cookies: [
          { name: GOOGLE_IDENTITY_COOKIE, value: encodeURIComponent(JSON.stringify(identity)), domain: new URL(googleStandInUrl()).hostname, path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" },
        ],
        origins: [],
      },
    });
    contexts.push(context);
    return new TextBrowser(context, new URL(baseURL).origin);
  }

  test("the first Google sign-in creates the member; a later one reaches the same member", { tag: "@two-servers" }, async ({ playwright, baseURL }) => {
    const google = newGoogleAccount();
    const visitor = await googleVisitor(playwright, baseURL!, google);

    const home = await continueWithGoogle(await visitor.get("/login"));
    // The form's post goes to Google, which comes back to the site's callback.
    expect(home.hops.some((hop) => hop.url.startsWith(googleStandInUrl()))).toBe(true);
    // A new account is welcomed on the profile; a later sign-in goes where it was going (/).
    expect(home.path).toBe("/profile?welcome=1");
    expect(home.text("[data-testid=welcome-notice] [role=status]")).toBe(`Your email address ${google.email} is confirmed and you are signed in.`);
    const links = accountLinks(home, google.name);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.href).toBe("/profile");
    // The banner's link, by its exact name.
    expect(home.links(google.name, "header > div").length).toBeGreaterThan(0);

    // The new member's profile carries the Google address; what they save belongs to that member.
    const profile = await visitor.get("/profile");
    expect(profile.control("Email", "[role=tabpanel]").val()).toBe(google.email);
    const saved = await profile.form({ button: "Save Profile" }).fill("Phone", "+1 (210) 555-0199").submit();
    expect(saved.statuses("Profile saved.")).toEqual(["Profile saved."]);
    const signedOut = await saved.form({ button: "Sign Out" }).submit();
    expect(signedOut.path).toBe("/");

    expect((await continueWithGoogle(await visitor.get("/login"))).path).toBe("/");
    const again = await visitor.get("/profile");
    expect(again.control("Email", "[role=tabpanel]").val()).toBe(google.email);
    expect(again.control("Phone", "[role=tabpanel]").val()).toBe("+1 (210) 555-0199");
  });

  test("Google sign-in from the register page signs the new member in", async ({ playwright, baseURL }) => {
    const google = newGoogleAccount("Reyes Alvarado");
    const visitor = await googleVisitor(playwright, baseURL!, google);
    const home = await continueWithGoogle(await visitor.get("/register"));
    expect(home.path).toBe("/profile?welcome=1");
    expect(accountLinks(home, google.name).length).toBeGreaterThan(0);
  });

  test("what a visitor put in the cart is still there after signing in with Google", { tag: "@two-servers" }, async ({ playwright, baseURL }) => {
    const visitor = await googleVisitor(playwright, baseURL!, newGoogleAccount());
    const added = await (await visitor.get("/shop/tactical-backpack")).form("main form[action='/shop/cart/add']").submit();
    expect(badge(added)).toBe("1");
    const home = await continueWithGoogle(await visitor.get("/login"));
    expect(home.path).toBe("/profile?welcome=1");
    expect(badge(home)).toBe("1");
    expect((await visitor.get("/shop/cart")).text("main")).toContain("Tactical Backpack");
  });

  test("a visitor sent to /login comes back to the page they asked for after Google sign-in", async ({ playwright, baseURL }) => {
    const visitor = await googleVisitor(playwright, baseURL!, newGoogleAccount());
    const login = await visitor.get("/profile?tab=settings");
    expect(login.path).toBe(`/login?next=${encodeURIComponent("/profile?tab=settings")}`);
    const settings = await continueWithGoogle(login);
    expect(settings.path).toBe("/profile?tab=settings");
    const tab = settings.$("[role=tablist][aria-label='Profile sections'] [role=tab][aria-selected=true]");
    expect(tab.toArray().map((el) => settings.text(el))).toEqual(["Settings"]);
  });

  test("cancelling on Google's side comes back with a message on the page it started from", async ({ playwright, baseURL }) => {
    const visitor = await googleVisitor(playwright, baseURL!, { ...newGoogleAccount(), deny: true });
    for (const path of ["/login", "/register"]) {
      const back = await continueWithGoogle(await visitor.get(path));
      expect(back.url.pathname, path).toBe(path);
      expect(back.url.searchParams.get("error"), path).toBe("access_denied");
      expect(back.alert(), path).toBe("Google sign-in was canceled.");
    }
  });

  test("a Google address that already has a password account is not taken over", async ({ playwright, baseURL, newVisitor }) => {
    // Unconfirmed: a confirmed address would be linked, since Google vouches for the same mailbox.
    const { email } = await signUpMember((await newVisitor()).request, { confirm: false });
    const visitor = await googleVisitor(playwright, baseURL!, { ...newGoogleAccount(), email });
    const back = await continueWithGoogle(await visitor.get("/login"));
    expect(back.url.pathname).toBe("/login");
    expect(back.url.searchParams.get("error")).toBe("account_not_linked");
    expect(back.alert()).toBe("This email address already has a member account. Sign in with your email and password.");
    // Still signed out: the profile sends this visitor to sign in.
    expect((await visitor.get("/profile")).path).toBe(`/login?next=${encodeURIComponent("/profile")}`);
  });
});

test("an error code in the address shows the fallback message, never text from the URL", async ({ visitor }) => {
  const page = await visitor.get("/login?error=invalid_code&error_description=Call%20555-0100%20to%20verify");
  expect(page.alert()).toBe("Failed to sign in with Google");
  expect(page.text()).not.toContain("Call 555-0100");
});

test("on a server without Google credentials the button explains it is not configured", async ({ newVisitor }) => {
  const visitor = await newVisitor({ url: siteWithoutGoogleUrl(), databaseUrl: e2eDatabaseUrl() });
  for (const path of ["/login", "/register"]) {
    const answer = await continueWithGoogle(await visitor.get(path));
    expect(answer.url.pathname, path).toBe(path);
    expect(answer.alert(), path).toBe("Google sign-in is not configured on this server.");
  }
});
