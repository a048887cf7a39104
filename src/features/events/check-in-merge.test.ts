/**
 * The door's merge rule (issue 32): an attendee's check-in state is a function of what was done and
 * when, so ops from two phones arriving in any order, or twice, give one answer.
 */
import { describe, expect, it } from "vitest";
import { foldCheckIns, type TimedCheckInOp } from "./check-in-merge";

const at = (minute: number) => new Date(Date.UTC(2028, 8, 19, 14, minute));
const checkIn = (minute: number): TimedCheckInOp => ({ action: "check-in", at: at(minute) });
const undo = (minute: number): TimedCheckInOp => ({ action: "undo", at: at(minute) });

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** A small deterministic generator, so a failure names the same ops on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("the door's merge rule", () => {
  it("keeps the earliest of two check-ins", () => {
    expect(foldCheckIns([checkIn(12), checkIn(5)])).toEqual({ checkedInAt: at(5), undoneAt: null });
  });

  it("lets an undo win over the check-ins made before it, or at the same instant", () => {
    expect(foldCheckIns([checkIn(5), undo(8)]).checkedInAt).toBeNull();
    expect(foldCheckIns([checkIn(8), undo(8)]).checkedInAt).toBeNull();
    expect(foldCheckIns([checkIn(5), checkIn(7), undo(8)])).toEqual({ checkedInAt: null, undoneAt: at(8) });
  });

  it("lets a check-in after the latest undo check the person in again, at the earliest such check-in", () => {
    expect(foldCheckIns([checkIn(5), undo(8), checkIn(20), checkIn(11)])).toEqual({ checkedInAt: at(11), undoneAt: at(8) });
    // An older undo changes nothing that a newer one decides.
    expect(foldCheckIns([undo(3), checkIn(5), undo(8), checkIn(11), undo(2)])).toEqual({ checkedInAt: at(11), undoneAt: at(8) });
  });

  it("leaves someone nobody touched, or only undid, not checked in", () => {
    expect(foldCheckIns([])).toEqual({ checkedInAt: null, undoneAt: null });
    expect(foldCheckIns([undo(4)])).toEqual({ checkedInAt: null, undoneAt: at(4) });
  });

  it("gives the same state for the same ops in every order, and with any op repeated", () => {
    const ops = [checkIn(5), checkIn(9), undo(7), checkIn(12), undo(14), checkIn(15)];
    const expected = foldCheckIns(ops);
    expect(expected).toEqual({ checkedInAt: at(15), undoneAt: at(14) });
    for (const order of permutations(ops)) expect(foldCheckIns(order)).toEqual(expected);
    expect(foldCheckIns([...ops, ops[1]!, ops[4]!, ops[0]!])).toEqual(expected);
  });

  it("gives the same state in any order for random sets of ops, repeats or not", () => {
    const next = random(32);
    for (let round = 0; round < 300; round++) {
      const ops = Array.from({ length: 1 + Math.floor(next() * 8) }, () => (next() < 0.6 ? checkIn : undo)(Math.floor(next() * 30)));
      const expected = foldCheckIns(ops);
      const shuffled = [...ops].sort(() => next() - 0.5);
      expect(foldCheckIns(shuffled), JSON.stringify(ops)).toEqual(expected);
      expect(foldCheckIns([...shuffled, ...shuffled.slice(0, 2)]), "repeats").toEqual(expected);
    }
  });
});
