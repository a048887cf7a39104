import pino from "pino";

/**
 * A query's parameters are what the application wrote (an email's body with its reset or claim link,
 * a token's hash, personal data): an error that carries them (Drizzle's "Failed query: …\nparams: …",
 * PostgreSQL's "Failing row contains (…)") is logged with the query and the reason, never the values.
 */
export function errorWithoutValues(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== "object") return serialized;
  const out = serialized as Record<string, unknown>;
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 10; cause = cause.cause, depth++) {
    const query = (cause as { query?: unknown }).query;
    if (typeof query !== "string" || !("params" in cause)) continue;
    const safe = `Failed query: ${query} (parameters not logged)`;
    for (const key of ["message", "stack"]) {
      if (typeof out[key] === "string") out[key] = (out[key] as string).replaceAll(cause.message, safe);
    }
  }
  delete out.params;
  delete out.detail;
  return out;
}

/**
 * The server's structured logger: one JSON object per line (level, time, msg, and fields such as
 * reqId and `event`, a stable name to search for), which log collectors parse as they are. LOG_LEVEL
 * changes how much is written. Everything under src/ logs through it: lint forbids console.* there,
 * this module excepted. Never log a secret, a token or a link that carries one.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: errorWithoutValues },
});
