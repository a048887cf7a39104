/**
 * Valid HTML on every page, as the Nu Html Checker (the W3C validator, `vnu-jar` on the machine's Java)
 * reads the HTML the server sends: the public pages for a visitor, and the main pages of a signed-in
 * member. All pages of a test go to one run of the checker (one Java start).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { signUpMember } from "../member";
import { expect, test } from "./fixtures";
import type { TextBrowser } from "./text-browser";

const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build/dist/vnu.jar");

const PUBLIC_PAGES = [
  "/", "/shop", "/shop?category=gear&sort=price-desc", "/shop/tactical-backpack", "/training", "/training/firearms", "/calendar", "/calendar/1",
  "/about", "/contact", "/donate", "/privacy", "/terms", "/refund", "/login", "/register", "/forgot-password", "/no-such-page",
];
const MEMBER_PAGES = [
  "/shop/cart", "/shop/checkout", "/profile?tab=profile", "/profile?tab=membership", "/profile?tab=events", "/profile?tab=orders",
  "/profile?tab=giving", "/profile?tab=security", "/profile?tab=settings", "/profile/verification",
];

/**
 * React writes every form bound to a server action as `<form action="" encType="multipart/form-data"
 * method="POST">` (so it posts to the same address without JavaScript). The empty action is React's
 * markup, not ours, and harmless: only that exact message on exactly that markup is left out.
 */
const REACT_SERVER_ACTION_FORM = "Bad value “” for attribute “action” on element “form”: Must be non-empty.";

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Saves each page's HTML as the server sends it, named after the page. */
async function savePages(browser: TextBrowser, pages: string[], folder: string): Promise<Map<string, string>> {
  mkdirSync(folder, { recursive: true });
  const files = new Map<string, string>();
  for (const page of pages) {
    const response = await browser.request.get(page);
    expect([200, 404], page).toContain(response.status());
    const file = path.join(folder, `${page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.html`);
    writeFileSync(file, await response.text());
    files.set(`file:${file}`, page);
  }
  return files;
}

function errorsOf(files: Map<string, string>): string[] {
  let output: string;
  try {
    output = execFileSync("java", ["-jar", vnuJar, "--format", "json", "--stdout", ...[...files.keys()].map((url) => url.slice("file:".length))], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    // vnu exits 1 when it reports an error; its report is still on stdout.
    output = (error as { stdout?: string }).stdout ?? "";
  }
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .filter((m) => !(m.message === REACT_SERVER_ACTION_FORM && m.extract?.includes('action="" encType="multipart/form-data" method="POST"')))
    .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? "?"} ${m.message}${m.extract ? `  [${m.extract.replace(/\s+/g, " ").slice(0, 120)}]` : ""}`);
}

test.describe("valid HTML (Nu Html Checker)", () => {
  test.slow();

  test("every public page, as a visitor gets it", async ({ visitor }) => {
    const files = await savePages(visitor, PUBLIC_PAGES, test.info().outputPath("public"));
    expect(errorsOf(files)).toEqual([]);
  });

  test("a member's cart, checkout and profile", async ({ visitor }) => {
    await signUpMember(visitor.request);
    // A backpack in the cart, so the cart and checkout show their lines (Add to Cart's plain form post).
    const added = await (await visitor.get("/shop/tactical-backpack")).form("main form[action='/shop/cart/add']").submit();
    expect(added.byTestId("cart-notice").text()).toContain("Added Tactical Backpack to your cart.");
    const files = await savePages(visitor, MEMBER_PAGES, test.info().outputPath("member"));
    expect(errorsOf(files)).toEqual([]);
  });
});
