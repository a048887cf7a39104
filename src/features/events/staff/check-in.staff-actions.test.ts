/**
 * The door's check-in actions as a form posts them (issue 28): the signed-in volunteer's role reaches the
 * service, so outside the event's check-in window a door volunteer gets the window's message above the
 * form and nothing changes, while an admin checks in as before. The app's clock is pinned with CLOCK_START.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { eventRegistrations } from "@/db/schema/events";
import type { CurrentMember } from "@/lib/auth/session";
import type { StaffRole } from "@/lib/access-control";
import { resetClockForTests } from "@/lib/clock";
import { idleState } from "@/lib/form-state";
import { testDb } from "../../../../test/db";
import { checkInClosedMessage } from "../check-in-window";
import { registerForEvent } from "../registration.service";
import { createEvent, createMembers, registrationsOf } from "../../../../test/events";
import { checkInAction, undoCheckInAction } from "./check-in.staff-actions";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

/** Saturday September 18, 2027, 9:00 AM – 12:00 PM CDT: check-in opens at 7:00 AM CDT. */
const startsAt = new Date("2027-09-18T14:00:00Z");

function clockAt(iso: string) {
  vi.stubEnv("CLOCK_START", iso);
  vi.stubEnv("CLOCK_ANCHOR", undefined);
  resetClockForTests();
}

/** Signs in a new account holding `role` (a real user row: the audit record names it). */
async function as(role: StaffRole) {
  const id = randomUUID();
  const email = `${role}-${id}@example.org`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true, role });
  signedIn.member = { id, email, displayName: null, emailVerified: true, role };
}

async function seatedAttendee() {
  const event = await createEvent({ startsAt, endsAt: new Date("2027-09-18T17:00:00Z") });
  const [person] = await createMembers(1, "door-action");
  await registerForEvent(testDb(), { eventId: event.id, userId: person!.id }, new Date("2027-09-01T15:00:00Z"));
  const [registration] = await registrationsOf(event.id);
  const form = new FormData();
  form.set("eventId", String(event.id));
  form.set("registrationId", String(registration!.id));
  return { event, registrationId: registration!.id, form };
}

async function checkedInAt(registrationId: number) {
  const [row] = await testDb().select({ at: eventRegistrations.checkedInAt }).from(eventRegistrations).where(eq(eventRegistrations.id, registrationId));
  return row!.at;
}

beforeEach(() => {
  signedIn.member = null;
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetClockForTests();
});

describe("check-in actions and the door's window", () => {
  it("refuse a door volunteer months ahead with the window's message, and change nothing", async () => {
    const { event, registrationId, form } = await seatedAttendee();
    clockAt("2027-06-20T15:00:00Z");
    await as("door");
    const message = checkInClosedMessage({ startsAt: event.startsAt, endsAt: event.endsAt, timeZone: event.timeZone }, new Date("2027-06-20T15:00:00Z"));
    expect(await checkInAction(idleState, form)).toMatchObject({ status: "error", formError: message, fieldErrors: {} });
    expect(await undoCheckInAction(idleState, form)).toMatchObject({ status: "error", formError: message });
    expect(await checkedInAt(registrationId)).toBeNull();
  });

  it("let a door volunteer check in during the event, and an admin months ahead", async () => {
    const during = await seatedAttendee();
    clockAt("2027-09-18T13:30:00Z");
    await as("door");
    expect(await checkInAction(idleState, during.form)).toMatchObject({ status: "success", data: { registrationId: during.registrationId } });
    expect(await checkedInAt(during.registrationId)).not.toBeNull();

    const ahead = await seatedAttendee();
    clockAt("2027-06-20T15:00:00Z");
    await as("admin");
    expect(await checkInAction(idleState, ahead.form)).toMatchObject({ status: "success" });
    expect(await checkedInAt(ahead.registrationId)).not.toBeNull();
  });
});
