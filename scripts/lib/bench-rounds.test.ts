import { describe, expect, it } from "vitest";
import { medianRound } from "./bench-rounds";

describe("a page's figures over several rounds", () => {
  it("takes the round with the median share, and the worst p99 of all", () => {
    const figures = medianRound([
      { plainRps: 10_000, siteRps: 6_000, siteP99: 2 },
      { plainRps: 12_000, siteRps: 11_000, siteP99: 9 },
      { plainRps: 9_000, siteRps: 8_100, siteP99: 3 },
    ]);
    expect(figures).toEqual({ plainRps: 9_000, siteRps: 8_100, share: 0.9, p99: 9 });
  });

  it("takes the upper median of an even count, and the only round of one", () => {
    expect(medianRound([{ plainRps: 10, siteRps: 5, siteP99: 1 }, { plainRps: 10, siteRps: 9, siteP99: 1 }]).share).toBe(0.9);
    expect(medianRound([{ plainRps: 10, siteRps: 2, siteP99: 4 }])).toEqual({ plainRps: 10, siteRps: 2, share: 0.2, p99: 4 });
    expect(() => medianRound([])).toThrow();
  });
});
