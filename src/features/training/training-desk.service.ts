import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { courses, programs } from "@/db/schema/training";
import { omit } from "@/lib/omit";
import { isUniqueViolation } from "@/db/unique-violation";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { parseDatabaseId } from "@/lib/database-id";
import { FormError } from "@/lib/form-state";
import { isQueryableText } from "@/lib/text-fields";
import type { CourseInput, NewProgramInput, ProgramInput, TrainingDeleteInput } from "./training-desk.schema";

export const PROGRAM_GONE = "This program no longer exists. Go back to the list and choose another.";
export const COURSE_GONE = "This course no longer exists. Reload the program's page.";
export const SLUG_TAKEN = "Another program already uses this web address. Choose another.";

function postedProgramId(raw: string | undefined): string {
  if (!raw || !isQueryableText(raw) || raw.length > 100) throw new FormError(PROGRAM_GONE);
  return raw;
}

function postedCourseId(raw: string | undefined): number {
  const id = parseDatabaseId(raw);
  if (id === undefined) throw new FormError(COURSE_GONE);
  return id;
}

export async function createProgram(db: Database, actor: Actor, input: NewProgramInput): Promise<{ id: string }> {
  const { slug, ...values } = input;
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, slug));
      if (taken) throw new FormError(SLUG_TAKEN, "slug");
      await tx.insert(programs).values({ id: slug, ...values });
      await recordAudit(tx, actor, { action: "program.create", recordType: "program", recordId: slug, after: values });
      return { id: slug };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FormError(SLUG_TAKEN, "slug");
    throw error;
  }
}

export async function updateProgram(db: Database, actor: Actor, input: ProgramInput): Promise<{ id: string }> {
  const id = postedProgramId(input.id);
  const values = omit(input, "id");
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(programs).where(eq(programs.id, id)).for("update");
    if (!before) throw new FormError(PROGRAM_GONE);
    await tx.update(programs).set(values).where(eq(programs.id, id));
    await recordAudit(tx, actor, { action: "program.update", recordType: "program", recordId: id, before: omit(before, "id"), after: values });
    return { id };
  });
}

/** Deletes a program and its courses (they belong to it alone); the audit record keeps both. */
export async function deleteProgram(db: Database, actor: Actor, input: TrainingDeleteInput): Promise<{ title: string }> {
  const id = postedProgramId(input.id);
  return db.transaction(async (tx) => {
    const [program] = await tx.select().from(programs).where(eq(programs.id, id)).for("update");
    if (!program) throw new FormError(PROGRAM_GONE);
    const gone = await tx.delete(courses).where(eq(courses.programId, id)).returning();
    await tx.delete(programs).where(eq(programs.id, id));
    await recordAudit(tx, actor, { action: "program.delete", recordType: "program", recordId: id, before: { ...program, courses: gone } });
    return { title: program.title };
  });
}

export async function saveCourse(db: Database, actor: Actor, input: CourseInput): Promise<{ programId: string; created: boolean }> {
  const programId = postedProgramId(input.programId);
  const values = { title: input.title, level: input.level, duration: input.duration, sortOrder: input.sortOrder };
  return db.transaction(async (tx) => {
    const [program] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, programId)).for("share");
    if (!program) throw new FormError(PROGRAM_GONE);
    if (input.id === undefined || input.id === "") {
      const [row] = await tx.insert(courses).values({ programId, ...values }).returning({ id: courses.id });
      await recordAudit(tx, actor, { action: "course.create", recordType: "course", recordId: String(row!.id), after: { programId, ...values } });
      return { programId, created: true };
    }
    const id = postedCourseId(input.id);
    const [before] = await tx.select().from(courses).where(and(eq(courses.id, id), eq(courses.programId, programId))).for("update");
    if (!before) throw new FormError(COURSE_GONE);
    await tx.update(courses).set(values).where(eq(courses.id, id));
    await recordAudit(tx, actor, { action: "course.update", recordType: "course", recordId: String(id), before: { title: before.title, level: before.level, duration: before.duration, sortOrder: before.sortOrder }, after: values });
    return { programId, created: false };
  });
}

export async function deleteCourse(db: Database, actor: Actor, input: TrainingDeleteInput): Promise<{ programId: string; title: string }> {
  const id = postedCourseId(input.id);
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(courses).where(eq(courses.id, id)).returning();
    if (!gone) throw new FormError(COURSE_GONE);
    await recordAudit(tx, actor, { action: "course.delete", recordType: "course", recordId: String(id), before: gone });
    return { programId: gone.programId, title: gone.title };
  });
}
