import "server-only";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { courses, programs } from "@/db/schema/training";
import { isQueryableText } from "@/lib/text-fields";

/** Programs in the order /training shows them, with their number of courses. */
export async function listProgramsForStaff(db: Database) {
  const [rows, counts] = await Promise.all([
    db.select({ id: programs.id, title: programs.title, isCore: programs.isCore, sortOrder: programs.sortOrder }).from(programs).orderBy(asc(programs.sortOrder), asc(programs.id)),
    db.select({ programId: courses.programId, n: count() }).from(courses).groupBy(courses.programId),
  ]);
  const byProgram = new Map(counts.map((row) => [row.programId, row.n]));
  return rows.map((row) => ({ ...row, courseCount: byProgram.get(row.id) ?? 0 }));
}

/** A program with every editable field and its courses; undefined for an unknown id. */
export async function getProgramForStaff(db: Database, id: string) {
  if (!isQueryableText(id)) return undefined;
  const [program] = await db.select().from(programs).where(eq(programs.id, id));
  if (!program) return undefined;
  const courseRows = await db
    .select({ id: courses.id, title: courses.title, level: courses.level, duration: courses.duration, sortOrder: courses.sortOrder })
    .from(courses)
    .where(eq(courses.programId, id))
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  return { ...program, courses: courseRows };
}
