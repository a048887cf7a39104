import pg from "pg";
import { pingDatabase } from "@/lib/database-ping";
import { log } from "@/lib/log";

export interface DatabaseProbe {
  /** Whether the database answers `select 1` now; one answer is reused for `cacheMs`. Never rejects. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The front's own small look at the database (one connection at most, outside the application's pool),
 * asked only when a page has failed: a database that does not answer makes the answer a 503 with
 * Retry-After rather than a 500. During an outage every failed page asks, so concurrent questions share
 * one ping and an answer is kept for a few seconds.
 */
export function createDatabaseProbe(databaseUrl: string, { timeoutMs = 1_000, cacheMs = 5_000 } = {}): DatabaseProbe {
  // pg's own timeouts are a backstop only: they fire before a busy server has read an answer already there
  // (pingDatabase waits for that), so a server too busy to look would call a healthy database unreachable.
  const backstopMs = timeoutMs * 5;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: backstopMs, query_timeout: backstopMs, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  pool.on("error", (error) => log.debug({ event: "front.database-probe-error", err: error }, "database probe connection lost"));
  let last: { at: number; reachable: boolean } | undefined;
  let pending: Promise<boolean> | undefined;

  return {
    reachable() {
      if (last && performance.now() - last.at < cacheMs) return Promise.resolve(last.reachable);
      pending ??= pingDatabase(pool, timeoutMs)
        .then((result) => {
          if (!result.ok) log.warn({ event: "front.database-unreachable", timedOut: result.timedOut, err: result.error }, "database does not answer");
          last = { at: performance.now(), reachable: result.ok };
          return result.ok;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    close: () => pool.end(),
  };
}
