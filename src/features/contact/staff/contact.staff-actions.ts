"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { noteSchema, replySchema, statusSchema } from "../contact-desk.schema";
import { addNote, replyToMessage, setMessageStatus } from "../contact-desk.service";

export interface ThreadChanged {
  message: string;
}

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

function refresh(messageId: number) {
  revalidatePath(`/admin/messages/${messageId}`);
  revalidatePath("/admin/messages");
  revalidatePath("/admin");
}

export const replyToMessageAction = staffAction({ message: ["reply"] }, replySchema, async (input, staff): Promise<ThreadChanged> => {
  const { messageId, to } = await replyToMessage(getDb(), actorOf(staff), input);
  refresh(messageId);
  return { message: `Reply sent to ${to}. The message is marked answered.` };
});

export const addNoteAction = staffAction({ message: ["reply"] }, noteSchema, async (input, staff): Promise<ThreadChanged> => {
  const { messageId } = await addNote(getDb(), actorOf(staff), input);
  refresh(messageId);
  return { message: "Note saved. It is for staff only and was not emailed." };
});

export const setMessageStatusAction = staffAction({ message: ["reply"] }, statusSchema, async (input, staff): Promise<ThreadChanged> => {
  const { messageId, status, changed } = await setMessageStatus(getDb(), actorOf(staff), input);
  refresh(messageId);
  if (!changed) return { message: `The message was already ${status}.` };
  return { message: status === "closed" ? "Message closed." : `Message reopened (${status}).` };
});
