"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { staffAction } from "@/lib/staff-action";
import { refusedBackToRecord } from "@/lib/desk-refusal";
import { EVENT_CANCELLED } from "../registration.service";
import { deskEventPath } from "../event-paths";
import { cancelEvent, createEvent, emailAttendees, EVENT_OVER, updateEvent } from "../events-desk.service";
import { cancelEventSchema, emailAttendeesSchema, eventFormSchema, updateEventSchema } from "../events-desk.schema";

export interface DeskMessage {
  message: string;
}

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

function refresh(eventId: number) {
  revalidatePath(deskEventPath(eventId));
  revalidatePath("/admin/events");
  revalidatePath("/admin");
  revalidatePath("/calendar");
}

/**
 * Runs a desk action on the event; refused because the event moved on (cancelled in another tab, or
 * over), it goes back to the event's page as it is now. Other refusals stay in the form with what was typed.
 */
function onEvent<T>(eventId: number, work: () => Promise<T>): Promise<T> {
  return refusedBackToRecord(deskEventPath(eventId), work, { only: [EVENT_CANCELLED, EVENT_OVER] });
}

export const createEventAction = staffAction({ event: ["update"] }, eventFormSchema, async (form, staff) => {
  const { id } = await createEvent(getDb(), actorOf(staff), form);
  refresh(id);
  redirect(`${deskEventPath(id)}?done=created`);
});

export const updateEventAction = staffAction({ event: ["update"] }, updateEventSchema, async ({ eventId, ...form }, staff): Promise<DeskMessage> => {
  const { changed, offered, notified } = await onEvent(eventId, () => updateEvent(getDb(), actorOf(staff), eventId, form));
  refresh(eventId);
  if (!changed) return { message: "Nothing changed." };
  const offers = offered === 0 ? "" : ` ${offered} new ${offered === 1 ? "seat was" : "seats were"} offered to the waitlist.`;
  const updates = notified === 0 ? "" : ` ${notified === 1 ? "The 1 person" : `The ${notified} people`} registered or waiting ${notified === 1 ? "was" : "were"} emailed the new time and place, with a calendar update.`;
  return { message: `Event saved.${offers}${updates}` };
});

export const cancelEventAction = staffAction({ event: ["update"] }, cancelEventSchema, async ({ eventId, reason }, staff) => {
  await onEvent(eventId, () => cancelEvent(getDb(), actorOf(staff), eventId, now(), reason || undefined));
  refresh(eventId);
  redirect(`${deskEventPath(eventId)}?done=cancelled`);
});

export const emailAttendeesAction = staffAction({ event: ["update"] }, emailAttendeesSchema, async ({ eventId, subject, message }, staff): Promise<DeskMessage> => {
  const { sent } = await onEvent(eventId, () => emailAttendees(getDb(), actorOf(staff), eventId, { subject, message }));
  refresh(eventId);
  return { message: `Message sent to ${sent} ${sent === 1 ? "attendee" : "attendees"}.` };
});
