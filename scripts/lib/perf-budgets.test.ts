import { describe, expect, it } from "vitest";
import { firstLoadJsBudgetKb, judgePage, type PageFigures } from "./perf-budgets";

const reference = { performance: 95, tbt: 252 };
const page = (figures: Partial<PageFigures> = {}): PageFigures => ({ path: "/about", performance: 92, accessibility: 100, tbt: 350, js: 139.1, ...figures });

describe("judgePage", () => {
  it("passes a page within 5 points and 150 ms of the reference, with first-load JS within 140 KB", () => {
    expect(judgePage(page(), reference)).toEqual({ pointsUnderReference: 3, tbtOverReferenceMs: 98, failures: [] });
  });

  it("passes a page exactly on every line: 5 points under, 150 ms over, 140 KB", () => {
    expect(judgePage(page({ performance: 90, tbt: 402, js: 140 }), reference).failures).toEqual([]);
  });

  it("passes a page that scores above the reference, its gaps negative", () => {
    expect(judgePage(page({ performance: 99, tbt: 100 }), reference)).toEqual({ pointsUnderReference: -4, tbtOverReferenceMs: -152, failures: [] });
  });

  it("fails a page 6 points under the reference", () => {
    const judged = judgePage(page({ performance: 89 }), reference);
    expect(judged.pointsUnderReference).toBe(6);
    expect(judged.failures).toEqual(["/about: performance 89 < 90 (the reference's 95 − 5)"]);
  });

  it("fails a page whose TBT is more than 150 ms over the reference's", () => {
    const judged = judgePage(page({ tbt: 403 }), reference);
    expect(judged.tbtOverReferenceMs).toBe(151);
    expect(judged.failures).toEqual(["/about: total blocking time 403 ms > 402 ms (the reference's 252 + 150)"]);
  });

  it("moves with the reference: the same page passes beside a slow reference and fails beside a fast one", () => {
    const figures = page({ performance: 85, tbt: 600 });
    expect(judgePage(figures, { performance: 88, tbt: 500 }).failures).toEqual([]);
    expect(judgePage(figures, { performance: 98, tbt: 150 }).failures).toHaveLength(2);
  });

  it("fails accessibility under 100, and a TBT that was not measured", () => {
    expect(judgePage(page({ accessibility: 98 }), reference).failures).toEqual(["/about: accessibility 98 < 100"]);
    expect(judgePage(page({ tbt: Number.NaN }), reference).failures).toHaveLength(1);
  });

  it("fails a content page over 140 KB of first-load JS; the cart and checkout have 150 KB", () => {
    expect(judgePage(page({ path: "/", js: 140.04 }), reference).failures).toEqual(["/: first-load JS 140.04 KB > 140 KB"]);
    expect(judgePage(page({ path: "/login", js: 140.5 }), reference).failures).toHaveLength(1);
    expect(judgePage(page({ path: "/shop/cart", js: 149.9 }), reference).failures).toEqual([]);
    expect(judgePage(page({ path: "/shop/checkout", js: 150.1 }), reference).failures).toEqual(["/shop/checkout: first-load JS 150.10 KB > 150 KB"]);
  });

  it("names every budget a page misses", () => {
    expect(judgePage(page({ performance: 70, accessibility: 96, tbt: 900, js: 142.3 }), reference).failures).toHaveLength(4);
  });
});

describe("firstLoadJsBudgetKb", () => {
  it("is 140 KB for content and sign-in pages, 150 KB for the cart and checkout", () => {
    expect(["/", "/shop", "/shop/tactical-backpack", "/privacy", "/register"].map(firstLoadJsBudgetKb)).toEqual([140, 140, 140, 140, 140]);
    expect(["/shop/cart", "/shop/checkout"].map(firstLoadJsBudgetKb)).toEqual([150, 150]);
  });
});
