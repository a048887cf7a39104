import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { clearRateLimit, clientIp, hitRateLimit } from "./rate-limit.service";

const rule = { window: 60, max: 3 };

describe("hitRateLimit (Postgres fixed window)", () => {
  it("allows up to max attempts in a window, then blocks with a retry time", async () => {
    const now = 1_000_000_000_000;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(getDb(), "test:burst", rule, now + i * 1000));
    expect(results.slice(0, 3).every((r) => r.allowed)).toBe(true);
    expect(results[3]).toEqual({ allowed: false, retryAfterSeconds: 57 });
    expect(results[4]).toEqual({ allowed: false, retryAfterSeconds: 56 });
  });

  it("starts a new window once the old one has passed", async () => {
    const now = 2_000_000_000_000;
    for (let i = 0; i < 4; i++) await hitRateLimit(getDb(), "test:window", rule, now);
    expect((await hitRateLimit(getDb(), "test:window", rule, now + 59_000)).allowed).toBe(false);
    expect(await hitRateLimit(getDb(), "test:window", rule, now + 60_000)).toEqual({ allowed: true, remaining: 2 });
  });

  it("keeps keys apart and forgets a cleared key", async () => {
    const now = 3_000_000_000_000;
    for (let i = 0; i < 4; i++) await hitRateLimit(getDb(), "test:a", rule, now);
    expect((await hitRateLimit(getDb(), "test:b", rule, now)).allowed).toBe(true);
    await clearRateLimit(getDb(), "test:a");
    expect((await hitRateLimit(getDb(), "test:a", rule, now)).allowed).toBe(true);
  });

  it("counts concurrent attempts exactly (one atomic upsert each)", async () => {
    const now = 4_000_000_000_000;
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(getDb(), "test:race", rule, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});

describe("clientIp", () => {
  it("takes the one address the HTTP front wrote", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "203.0.113.7" }))).toBe("203.0.113.7");
  });

  it("believes no list of addresses: the front never writes one", () => {
    const forged = new Headers({ "x-forwarded-for": "198.51.100.66, 203.0.113.7" });
    // Tests run with NODE_ENV=test, where better-auth falls back to loopback instead of null.
    expect(clientIp(forged)).not.toMatch(/198\.51\.100\.66|203\.0\.113\.7/);
  });
});
