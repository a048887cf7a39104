/**
 * The merge rule of the door's check-ins (issue 32). Two volunteers may check the same person in while
 * their phones are offline, and undo a wrong tap; their phones send what they did when the network
 * returns, in any order, perhaps twice. An attendee's state is a function of the set of what was done
 * and when, never of the order it arrived in:
 *
 * - an undo wins over every check-in made before it (or at the same instant);
 * - a check-in made after the latest undo checks the person in again;
 * - of those later check-ins, the earliest one's time is the check-in time.
 *
 * So the same ops in any order, or with repeats, give the same state. Pure: the server folds an
 * attendee's stored ops with it (check-in-sync.service.ts), and the door phone folds the server's
 * state with its own queue to show what the list will be (components/offline-door.tsx).
 */

export type CheckInOpAction = "check-in" | "undo";

export interface TimedCheckInOp {
  action: CheckInOpAction;
  at: Date;
}

export interface CheckInState {
  /** The earliest check-in after the latest undo; null when not checked in. */
  checkedInAt: Date | null;
  /** The latest undo, if any. */
  undoneAt: Date | null;
}

export function foldCheckIns(ops: readonly TimedCheckInOp[]): CheckInState {
  let undone = -Infinity;
  for (const op of ops) if (op.action === "undo") undone = Math.max(undone, op.at.getTime());
  let checkedIn = Infinity;
  for (const op of ops) if (op.action === "check-in" && op.at.getTime() > undone) checkedIn = Math.min(checkedIn, op.at.getTime());
  return {
    checkedInAt: Number.isFinite(checkedIn) ? new Date(checkedIn) : null,
    undoneAt: Number.isFinite(undone) ? new Date(undone) : null,
  };
}
