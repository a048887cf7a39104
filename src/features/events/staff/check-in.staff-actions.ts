"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/features/staff/staff-action";
import { checkIn, undoCheckIn } from "../check-in.service";
import { checkInPath, deskEventPath } from "../event-paths";
import { checkInSchema } from "./events-desk.schema";

export interface CheckInDone {
  message: string;
  registrationId: number;
}

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

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
