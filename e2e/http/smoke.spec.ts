/** The home page's first HTML: the site's landmarks, one h1, and the skip link. */
import { accessibleName } from "./text-browser";
import { expect, test } from "./fixtures";

test("the home page has the site landmarks", async ({ visitor }) => {
  const home = await visitor.get("/");
  expect(home.status).toBe(200);
  // banner, main, contentinfo: the page's own header and footer (not inside an article or a section).
  expect(home.$("body header").filter((_, el) => home.$(el).parents("article, aside, main, nav, section").length === 0)).toHaveLength(1);
  expect(home.$("main")).toHaveLength(1);
  expect(home.$("body footer").filter((_, el) => home.$(el).parents("article, aside, main, nav, section").length === 0)).toHaveLength(1);
  expect(home.$("h1")).toHaveLength(1);
  expect(home.$("a[href]").filter((_, a) => accessibleName(home.$, a) === "Skip to main content")).toHaveLength(1);
});
