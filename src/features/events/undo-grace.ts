/**
 * A second tap within this long of a check-in is not an undo: on a phone a quick double tap would
 * otherwise check a person in and straight out again. The server refuses such an undo
 * (double-tap.ts) and the door's button waits as long before it offers one (check-in-button.tsx).
 */
export const UNDO_GRACE_MS = 1000;
