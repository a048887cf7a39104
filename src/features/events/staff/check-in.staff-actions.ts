"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import type { StaffMember } from "@/lib/auth/session";
import { staffAction } from "@/lib/staff-action";
import { addWalkIn, checkIn, undoCheckIn, type CheckInActor } from "../check-in-desk.service";
import { walkInSchema } from "../door.schema";
import { checkInPath, deskEventPath } from "../event-paths";
import { checkInSchema } from "../events-desk.schema";

export interface CheckInDone {
  message: string;
  registrationId: number;
}

/** The role travels with the actor: a door volunteer may check people in only in the event's check-in window. */
const actorOf = (staff: StaffMember): CheckInActor => ({ id: staff.id, email: staff.email, role: staff.role });

function refresh(eventId: number) {
  revalidatePath(checkInPath(eventId));
  revalidatePath(deskEventPath(eventId));
}

export const checkInAction = staffAction({ checkIn: ["update"] }, checkInSchema, async (target, staff): Promise<CheckInDone> => {
  const { name, changed } = await checkIn(getDb(), actorOf(staff), target);
  refresh(target.eventId);
  return { registrationId: target.registrationId, message: changed ? `${name} is checked in.` : `${name} was already checked in.` };
});

export const undoCheckInAction = staffAction({ checkIn: ["update"] }, checkInSchema, async (target, staff): Promise<CheckInDone> => {
  const { name, changed } = await undoCheckIn(getDb(), actorOf(staff), target);
  refresh(target.eventId);
  return { registrationId: target.registrationId, message: changed ? `Check-in undone: ${name} is not checked in.` : `${name} was not checked in.` };
});

export const walkInAction = staffAction({ checkIn: ["update"] }, walkInSchema, async (input, staff): Promise<{ message: string }> => {
  const { name, changed } = await addWalkIn(getDb(), actorOf(staff), input);
  refresh(input.eventId);
  return { message: changed ? `${name} is added as a walk-in and checked in.` : `${name} was already added as a walk-in.` };
});
