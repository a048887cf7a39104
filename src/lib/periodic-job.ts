import { recordHeartbeat, type HeartbeatName } from "./heartbeats";
import { log } from "./log";

export interface PeriodicJob<T> {
  /** Runs one pass now (or waits for the one under way); never rejects. */
  runOnce(): Promise<T | undefined>;
  stop(): Promise<void>;
}

/**
 * Runs `pass` now and then every `intervalMs`, one pass at a time, recording a heartbeat (see
 * /api/health) and logging a failure instead of throwing: the next pass simply tries again.
 */
export function startPeriodicJob<T>(name: HeartbeatName, pass: () => Promise<T>, intervalMs: number): PeriodicJob<T> {
  let running: Promise<T | undefined> | undefined;

  async function guarded(): Promise<T | undefined> {
    try {
      const result = await pass();
      recordHeartbeat(name, true);
      return result;
    } catch (error) {
      recordHeartbeat(name, false);
      log.error({ event: `${name}.pass-failed`, err: error }, `scheduled ${name} pass failed`);
      return undefined;
    }
  }

  function runOnce() {
    running ??= guarded().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
