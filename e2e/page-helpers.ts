/** Locators and waits that several specs share. */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The header's account link: in the banner on wide screens, in the menu on phones. */
export async function accountLink(page: Page, isMobile: boolean, name: string): Promise<Locator> {
  if (isMobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name, exact: true });
  }
  return page.getByRole("banner").getByRole("link", { name, exact: true });
}

/** The page's red box (Next's route announcer is also role="alert", outside <main>). */
export function alertBox(page: Page): Locator {
  return page.getByRole("main").getByRole("alert");
}

/** Waits until the address is exactly this path (and query): a regex on the end would also match ?next=/path. */
export async function expectAt(page: Page, path: string) {
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}
