import pino from "pino";

/**
 * The server's structured logger: one JSON object per line (level, time, msg, and fields such as
 * reqId), which log collectors parse as they are. LOG_LEVEL changes how much is written.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
