import * as clock from "@/lib/clock";
import { UNDO_GRACE_MS } from "./undo-grace";

/**
 * Whether an undo at `at` comes within the grace of the check-in at `checkedInAt`: a span from a
 * stamp, the same on any day. Either way round, since two app servers' clocks may differ by a little.
 */
export function withinUndoGrace(checkedInAt: Date, at: Date = clock.now()): boolean {
  return Math.abs(at.getTime() - checkedInAt.getTime()) < UNDO_GRACE_MS;
}
