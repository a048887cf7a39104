/** Anything that runs a query: a pg.Pool or Client, or the app's Drizzle handle wrapped in one. */
export interface Queryable {
  query(text: string): Promise<unknown>;
}

export type PingResult = { ok: true; latencyMs: number } | { ok: false; timedOut: boolean; error: unknown };

class DatabaseTimeout extends Error {}

/**
 * `select 1`, given up after `timeoutMs` (a hung server never answers, and pg's own timeouts do not
 * cover every stage). Never throws. Used by the health endpoint and by the HTTP front, which asks it
 * whether a failed page failed because the database is unreachable.
 */
export async function pingDatabase(target: Queryable, timeoutMs: number): Promise<PingResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    // Timers run before the answers that came in meanwhile are read: on a server too busy to look for a
    // while, the answer may be waiting already. setImmediate reads them first, so only a database that
    // has not answered counts as one that does not answer.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => setImmediate(() => reject(new DatabaseTimeout(`no answer within ${timeoutMs} ms`))), timeoutMs);
    });
    await Promise.race([target.query("select 1"), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, timedOut: error instanceof DatabaseTimeout, error };
  } finally {
    clearTimeout(timer);
  }
}
