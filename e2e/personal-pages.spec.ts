/**
 * A page the HTTP front filled with a member's personal parts (ADR 0025) was rendered for a visitor
 * without a cookie: in the browser it must take over as the member's page, with no hydration error, and
 * the parts must then follow what the member does (the cart badge after Add to Cart, a page reached
 * through the menu). What the page reads like without JavaScript is in e2e/http/personal-pages.spec.ts.
 */
import type { Page } from "@playwright/test";
import { addConfirmedRegistration, createEvent } from "./events-db";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";
import { expect, test } from "./fixtures";

/** Loads the page until the front fills it (the page everyone sees is fetched in the background after the first). */
async function gotoFilled(page: Page, path: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const answer = await page.goto(path);
    if (answer?.headers()["x-page-cache"] === "filled") return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${path} was never filled`);
}

test("a filled page becomes the member's own in the browser, without a hydration error, and follows the cart", async ({ browser }) => {
  const { context, email } = await signedInAs(browser, null);
  await query(`update "user" set name = 'Robin Hale' where email = $1`, [email]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));

  await gotoFilled(page, "/shop");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Robin Hale" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  // Add to Cart from the filled page: the badge counts at once and keeps the server's count after.
  const card = page.getByTestId("product-card").filter({ hasText: "Tactical Cap" });
  await card.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(page.getByRole("status").filter({ hasText: "to your cart" }).first()).toBeVisible();

  // Through the header to another filled page, in the browser: still the member, still one item.
  await header.getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(header.getByRole("link", { name: "Robin Hale" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  expect(errors).toEqual([]);
  await context.close();
});

test("a filled event page shows the member's registration in the browser and answers their cancel and register", async ({ browser }) => {
  const event = await createEvent("Filled Panel Clinic", { capacity: 4 });
  const { context, email } = await signedInAs(browser, null);
  await addConfirmedRegistration(event.id, email);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));

  await gotoFilled(page, `/calendar/${event.id}`);
  const register = page.locator("#register");
  await expect(register.getByTestId("registration-state")).toHaveText("You're registered.");
  await register.getByRole("button", { name: `Cancel Registration: ${event.title}` }).click();
  await expect(register.getByRole("button", { name: `Register Now: ${event.title}` })).toBeVisible();
  await register.getByRole("button", { name: `Register Now: ${event.title}` }).click();
  await expect(register.getByTestId("registration-state")).toHaveText("You're registered.");
  expect(errors).toEqual([]);
  await context.close();
});

test("a member's page filled from the page kept before someone registered shows the seats as they are now, and answers in the browser", async ({ browser }) => {
  const event = await createEvent("Kept Page Clinic", { capacity: 3 });
  const path = `/calendar/${event.id}`;
  // The page as everyone sees it, kept; then a registration, which leaves it to be filled for members only.
  const anyone = await browser.newContext();
  await expect.poll(async () => (await anyone.request.get(path)).headers()["x-page-cache"], { timeout: 5_000 }).toBe("hit");
  await anyone.close();
  const other = await signedInAs(browser, null);
  await addConfirmedRegistration(event.id, other.email);
  await other.context.close();

  const { context } = await signedInAs(browser, null);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await gotoFilled(page, path);
  await expect(page.locator("aside [data-fact=spots] dd")).toHaveText("2 spots left");
  const register = page.locator("#register");
  await register.getByRole("button", { name: `Register Now: ${event.title}` }).click();
  await expect(register.getByTestId("registration-state")).toHaveText("You're registered.");
  await expect(page.locator("aside [data-fact=spots] dd")).toHaveText("1 spot left");
  expect(errors).toEqual([]);
  await context.close();
});

/** The bytes of a personal part, markers included, in a page's HTML. */
function partOf(html: string, name: string): string {
  const start = html.indexOf(`<template data-personal="${name}"`);
  const endMarker = `<template data-personal-end="${name}"></template>`;
  const end = html.indexOf(endMarker, start);
  if (start === -1 || end === -1) throw new Error(`no part ${name}`);
  return html.slice(start, end + endMarker.length);
}

test("a kept event page made before the event filled up, filled with parts made after, offers the waitlist in the browser too", async ({ browser }) => {
  const event = await createEvent("Last Seat Clinic", { capacity: 1 });
  const { context } = await signedInAs(browser, null);
  const path = `/calendar/${event.id}`;
  // The page as everyone saw it while a seat was free, then the member's own parts once it is taken: what
  // the front serves a member whose parts were made after the page it fills (the busiest minute).
  const anyone = await browser.newContext();
  const before = await (await anyone.request.get(path)).text();
  await anyone.close();
  expect(before).toContain(`Register Now: ${event.title}`);
  await query(`update events set seats_taken = capacity where id = $1`, [event.id]);
  const after = await (await context.request.get(path)).text();
  const part = `registration-dark:${event.id}`;
  expect(partOf(after, part)).toContain(`Join the Waitlist: ${event.title}`);
  const mixed = before.replace(partOf(before, part), partOf(after, part));

  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route(`**${path}`, (route) => (route.request().resourceType() === "document" ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: mixed }) : route.continue()));
  await page.goto(path);
  const register = page.locator("#register");
  await expect(register.getByRole("button", { name: `Join the Waitlist: ${event.title}` })).toBeVisible();
  // Taken over by the browser (React keeps its props on the elements it hydrated), still the waitlist, and no hydration error.
  await page.waitForFunction(() => {
    const button = document.querySelector("#register button[name=intent]");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
  await expect(register.getByRole("button", { name: `Join the Waitlist: ${event.title}` })).toBeVisible();
  await expect(register.getByRole("button", { name: `Register Now: ${event.title}` })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
