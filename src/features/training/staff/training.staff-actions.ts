"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import type { ContentChangedState } from "@/components/staff/content-form";
import { staffAction } from "@/lib/staff-action";
import type { Permission } from "@/lib/access-control";
import { courseSchema, newProgramSchema, programSchema, trainingDeleteSchema } from "../training-desk.schema";
import { createProgram, deleteCourse, deleteProgram, saveCourse, updateProgram } from "../training-desk.service";

const CONTENT: Permission = { content: ["update"] };

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

function refresh(programId?: string) {
  revalidatePath("/");
  revalidatePath("/training");
  if (programId) {
    revalidatePath(`/training/${programId}`);
    revalidatePath(`/admin/content/training/${programId}`);
  }
  revalidatePath("/admin/content/training");
}

export const createProgramAction = staffAction(CONTENT, newProgramSchema, async (input, staff): Promise<ContentChangedState> => {
  const { id } = await createProgram(getDb(), actorOf(staff), input);
  refresh(id);
  redirect(`/admin/content/training/${id}?done=created`);
});

export const updateProgramAction = staffAction(CONTENT, programSchema, async (input, staff): Promise<ContentChangedState> => {
  const { id } = await updateProgram(getDb(), actorOf(staff), input);
  refresh(id);
  return { message: "Program saved. The training pages show it now." };
});

export const deleteProgramAction = staffAction(CONTENT, trainingDeleteSchema, async (input, staff): Promise<ContentChangedState> => {
  await deleteProgram(getDb(), actorOf(staff), input);
  refresh(input.id);
  redirect("/admin/content/training?done=deleted");
});

export const saveCourseAction = staffAction(CONTENT, courseSchema, async (input, staff): Promise<ContentChangedState> => {
  const { programId, created } = await saveCourse(getDb(), actorOf(staff), input);
  refresh(programId);
  return { message: created ? `Course added: ${input.title}.` : `Course saved: ${input.title}.` };
});

export const deleteCourseAction = staffAction(CONTENT, trainingDeleteSchema, async (input, staff): Promise<ContentChangedState> => {
  const { programId } = await deleteCourse(getDb(), actorOf(staff), input);
  refresh(programId);
  redirect(`/admin/content/training/${programId}?done=course-deleted`);
});
