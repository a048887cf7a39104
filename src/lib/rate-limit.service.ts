import { sql } from "drizzle-orm";
import { getIP } from "better-auth/api";
import type { Database } from "@/db/client";
import * as clock from "@/lib/clock";

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter in the `rate_limit` table (shared with better-auth's own limiter; our keys
 * start with "action:" so they never meet its ip+path keys). One atomic upsert per attempt, so every
 * app server sees the same count. For our keys `last_request` holds the start of the current window.
 */
export async function hitRateLimit(db: Database, key: string, rule: RateLimitRule, now = clock.now().getTime()): Promise<RateLimitResult> {
  const windowMs = rule.window * 1000;
  const fullKey = `action:${key}`;
  const result = await db.execute<{ count: number; last_request: string }>(sql`
    insert into rate_limit (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${fullKey}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${now - windowMs} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${now - windowMs} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  if (count <= rule.max) return { allowed: true, remaining: rule.max - count };
  const windowEnds = Number(row.last_request) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}

/** Forgets a key, e.g. after a successful sign-in so earlier typos do not count against the member. */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit where key = ${`action:${key}`}`);
}

/**
 * The client's address, read exactly as better-auth's own limiter reads it (its `getIP`): from
 * X-Forwarded-For, which the HTTP front (src/server/front.ts) always replaces with the one address it
 * took from the socket, or from the proxies named in TRUSTED_PROXIES.
 */
export function clientIp(headers: Headers): string {
  return getIP(headers, { advanced: { ipAddress: { ipAddressHeaders: ["x-forwarded-for"], trustedProxies: [] } } }) ?? "unknown";
}
