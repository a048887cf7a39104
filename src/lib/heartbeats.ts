/**
 * When this server process's background loops last finished a pass, for the health endpoint.
 *
 * Kept in process memory on purpose: the question a health check asks is whether *this* process's
 * loops are alive, and a time stored in the database would report another server's pass as this
 * one's (and cost a write every few seconds). A restarted process starts with no beats, which is
 * the truth about it. On globalThis because instrumentation.ts and route handlers are separate bundles.
 */
export type HeartbeatName = "email-delivery" | "event-jobs" | "order-jobs" | "newsletter-jobs" | "membership-jobs" | "verification-jobs";

export interface Heartbeat {
  /** When the pass finished. */
  at: Date;
  /** False when the pass ended in an error (it is logged where it happened). */
  ok: boolean;
}

const globalForHeartbeats = globalThis as unknown as { heartbeats?: Map<HeartbeatName, Heartbeat> };

function beats(): Map<HeartbeatName, Heartbeat> {
  globalForHeartbeats.heartbeats ??= new Map();
  return globalForHeartbeats.heartbeats;
}

export function recordHeartbeat(name: HeartbeatName, ok: boolean, at: Date = new Date()): void {
  beats().set(name, { at, ok });
}

export function lastHeartbeat(name: HeartbeatName): Heartbeat | undefined {
  return beats().get(name);
}

/** For tests: forget every beat. */
export function clearHeartbeats(): void {
  beats().clear();
}
