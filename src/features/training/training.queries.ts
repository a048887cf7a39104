import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { courses, programs } from "@/db/schema/training";
import { isQueryableText } from "@/lib/text-fields";

export interface Course {
  title: string;
  level: (typeof courses.$inferSelect)["level"];
  duration: (typeof courses.$inferSelect)["duration"];
}

export interface Program {
  id: string;
  title: string;
  summary: string;
  description: string;
  imagePath: string;
  imageAlt: string;
  isCore: boolean;
  courses: Course[];
}

export async function listPrograms(db: Database): Promise<Program[]> {
  const [programRows, courseRows] = await Promise.all([
    db.select().from(programs).orderBy(asc(programs.sortOrder), asc(programs.id)),
    db.select().from(courses).orderBy(asc(courses.sortOrder), asc(courses.id)),
  ]);
  return programRows.map((p) => ({
    id: p.id,
    title: p.title,
    summary: p.summary,
    description: p.description,
    imagePath: p.imagePath,
    imageAlt: p.imageAlt,
    isCore: p.isCore,
    courses: courseRows.filter((c) => c.programId === p.id).map(({ title, level, duration }) => ({ title, level, duration })),
  }));
}

export async function getProgram(db: Database, id: string): Promise<Program | undefined> {
  if (!isQueryableText(id)) return undefined;
  const [p] = await db.select().from(programs).where(eq(programs.id, id)).limit(1);
  if (!p) return undefined;
  const courseRows = await db.select().from(courses).where(eq(courses.programId, id)).orderBy(asc(courses.sortOrder), asc(courses.id));
  return {
    id: p.id,
    title: p.title,
    summary: p.summary,
    description: p.description,
    imagePath: p.imagePath,
    imageAlt: p.imageAlt,
    isCore: p.isCore,
    courses: courseRows.map(({ title, level, duration }) => ({ title, level, duration })),
  };
}
