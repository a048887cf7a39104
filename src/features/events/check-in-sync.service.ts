import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { checkInOps, eventRegistrations, eventWalkIns, events } from "@/db/schema/events";
import type { StaffRole } from "@/lib/access-control";
import { recordAudit } from "@/lib/audit.service";
import { formatMonthDayTimeZone } from "@/lib/time";
import { foldCheckIns, type CheckInOpAction } from "./check-in-merge";
import { refuseOpTime, DOOR_SYNC_GRACE_MS, type OpTimeContext } from "./check-in-op-rules";
import { checkInClosedMessage, checkInState, checkInWindow, heldToCheckInWindow } from "./check-in-window";
import type { CheckInActor } from "./check-in-desk.service";
import { syncOpSchema, type SyncOp } from "./door.schema";
import type { DeviceList, SyncResult } from "./door-device-list";
import { EVENT_CANCELLED } from "./registration.service";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const nameOf = (name: string, email: string) => name.trim() || email;

/**
 * The event's list for a door phone: every registration's id, name, status and check-in time, and the
 * number of walk-ins. No email addresses: the offline search finds people by name and the QR code by
 * registration, and a phone lost at the venue should hold as little as it can. Undefined: no such event.
 */
export async function listForDevice(db: Database, role: StaffRole, eventId: number, now: Date): Promise<DeviceList | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const serverNow = now.toISOString();
  if (heldToCheckInWindow(role) && checkInState(event, now) !== "open") {
    return { open: false, event: { id: event.id, title: event.title }, serverNow, message: checkInClosedMessage(event, now) };
  }
  const rows = await db
    .select({ registrationId: eventRegistrations.id, status: eventRegistrations.status, checkedInAt: eventRegistrations.checkedInAt, name: user.name, email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.eventId, eventId));
  const walkIns = await db.$count(eventWalkIns, eq(eventWalkIns.eventId, eventId));
  return {
    open: true,
    event: { id: event.id, title: event.title, timeZone: event.timeZone, cancelled: event.cancelledAt !== null },
    serverNow,
    keepUntil: new Date(checkInWindow(event).closesAt.getTime() + DOOR_SYNC_GRACE_MS).toISOString(),
    walkIns,
    attendees: rows
      .map((r) => ({ registrationId: r.registrationId, name: nameOf(r.name, r.email), status: r.status, checkedInAt: r.checkedInAt?.toISOString() ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name, "en")),
  };
}

export const NOT_ON_THIS_LIST = "Refused: this registration is not on this event's list.";
export const OP_ID_REUSED = "Refused: this op's id was already used for another change.";

function opIdOf(raw: unknown): string | null {
  const id = raw && typeof raw === "object" && "opId" in raw ? (raw as { opId: unknown }).opId : undefined;
  return typeof id === "string" && id.length <= 100 ? id : null;
}

interface Pending {
  index: number;
  op: SyncOp;
}

/**
 * Applies a door phone's queued ops to the event's attendees (issue 32). Each op is judged on its own:
 * malformed, dated in the future or far outside the check-in window, for a registration not on the
 * event's list, or a check-in of someone without a seat: refused with the reason. An op already
 * received changes nothing (its id is kept). Every accepted op is stored, and each attendee's check-in
 * time becomes the fold of all their ops (check-in-merge.ts), under the row's lock, so two phones
 * syncing at once, or the same op twice, or ops in any order, end in one answer; a change is audited
 * like a check-in at the door. An op's time is taken as no later than its arrival (a phone's clock a
 * little ahead cannot place it after what the door does next). Undefined: no such event.
 */
export async function syncCheckIns(db: Database, actor: CheckInActor, eventId: number, rawOps: readonly unknown[], now: Date): Promise<SyncResult[] | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const results: SyncResult[] = [];
  const byRegistration = new Map<number, Pending[]>();
  rawOps.forEach((raw, index) => {
    const parsed = syncOpSchema.safeParse(raw);
    if (!parsed.success) {
      results[index] = { opId: opIdOf(raw), outcome: "refused", message: `Refused: ${parsed.error.issues[0]?.message ?? "not a check-in op."}` };
      return;
    }
    if (event.cancelledAt) {
      results[index] = { opId: parsed.data.opId, outcome: "refused", message: `Refused: ${EVENT_CANCELLED}` };
      return;
    }
    const pending = byRegistration.get(parsed.data.registrationId) ?? [];
    pending.push({ index, op: parsed.data });
    byRegistration.set(parsed.data.registrationId, pending);
  });
  const context: OpTimeContext = { window: checkInWindow(event), timeZone: event.timeZone, now, heldToWindow: heldToCheckInWindow(actor.role) };
  // One registration at a time, in id order: two phones syncing at once lock rows in the same order.
  for (const registrationId of [...byRegistration.keys()].sort((a, b) => a - b)) {
    const pending = byRegistration.get(registrationId)!;
    const answered = await db.transaction((tx) => applyToAttendee(tx, actor, event, registrationId, pending, context));
    answered.forEach((result, i) => (results[pending[i]!.index] = result));
  }
  return results;
}

async function applyToAttendee(
  tx: Transaction,
  actor: CheckInActor,
  event: typeof events.$inferSelect,
  registrationId: number,
  pending: Pending[],
  context: OpTimeContext,
): Promise<SyncResult[]> {
  const [row] = await tx
    .select({ status: eventRegistrations.status, checkedInAt: eventRegistrations.checkedInAt, name: user.name, email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, event.id)))
    .for("update", { of: eventRegistrations });
  if (!row) return pending.map(({ op }) => ({ opId: op.opId, outcome: "refused", message: NOT_ON_THIS_LIST }));
  const name = nameOf(row.name, row.email);
  const known = await tx
    .select({ opId: checkInOps.opId, registrationId: checkInOps.registrationId, action: checkInOps.action, at: checkInOps.at })
    .from(checkInOps)
    .where(inArray(checkInOps.opId, pending.map(({ op }) => op.opId)));
  const stored = new Map(known.map((op) => [op.opId, op]));
  const verdicts: (SyncResult | CheckInOpAction)[] = [];
  const accepted: SyncOp[] = [];
  for (const { op } of pending) {
    const at = new Date(Math.min(op.at.getTime(), context.now.getTime()));
    const before = stored.get(op.opId);
    if (before) {
      const same = before.registrationId === registrationId && before.action === op.action;
      verdicts.push(same ? { opId: op.opId, outcome: "duplicate", message: "Already received: nothing changed." } : { opId: op.opId, outcome: "refused", message: OP_ID_REUSED });
      continue;
    }
    const refusal = refuseOpTime(op.at, context) ?? (op.action === "check-in" && row.status !== "confirmed" ? noSeat(name, row.status) : undefined);
    if (refusal) {
      verdicts.push({ opId: op.opId, outcome: "refused", message: refusal });
      continue;
    }
    const added = { ...op, at };
    await tx.insert(checkInOps).values({ opId: op.opId, registrationId, action: op.action, at, deviceId: op.deviceId, staffId: actor.id, receivedAt: context.now });
    stored.set(op.opId, { opId: op.opId, registrationId, action: op.action, at });
    accepted.push(added);
    verdicts.push(op.action);
  }
  const state = foldCheckIns(await tx.select({ action: checkInOps.action, at: checkInOps.at }).from(checkInOps).where(eq(checkInOps.registrationId, registrationId)));
  if (state.checkedInAt?.getTime() !== row.checkedInAt?.getTime()) {
    await tx.update(eventRegistrations).set({ checkedInAt: state.checkedInAt }).where(eq(eventRegistrations.id, registrationId));
    await recordAudit(tx, actor, {
      action: state.checkedInAt ? "registration.check-in" : "registration.undo-check-in",
      recordType: "event",
      recordId: String(event.id),
      before: { registrationId, checkedInAt: row.checkedInAt?.toISOString() ?? null },
      after: {
        registrationId,
        checkedInAt: state.checkedInAt?.toISOString() ?? null,
        via: "offline door",
        opIds: accepted.map((op) => op.opId),
        deviceIds: [...new Set(accepted.map((op) => op.deviceId))],
      },
    });
  }
  let i = 0;
  return verdicts.map((verdict) => {
    if (typeof verdict !== "string") return verdict;
    const op = accepted[i++]!;
    return { opId: op.opId, outcome: "applied", message: appliedMessage(name, op, state.checkedInAt, event.timeZone) };
  });
}

function noSeat(name: string, status: string): string {
  return `Refused: ${name} has no seat at this event (${status === "cancelled" ? "cancelled" : "on the waitlist"}).`;
}

/** What an accepted op did, said with the attendee's state after every op so far. */
function appliedMessage(name: string, op: SyncOp, checkedInAt: Date | null, timeZone: string): string {
  if (checkedInAt === null) {
    return op.action === "undo" ? `${name} is not checked in.` : `${name} is not checked in: an undo made after this check-in wins.`;
  }
  const when = formatMonthDayTimeZone(checkedInAt, timeZone);
  if (op.action === "undo") return `${name} is checked in again (${when}): a check-in made after this undo wins.`;
  return checkedInAt.getTime() < op.at.getTime() ? `${name} is checked in (${when}): the earliest check-in counts.` : `${name} is checked in (${when}).`;
}
