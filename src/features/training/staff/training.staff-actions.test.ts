/** Programs and courses as staff edit them: audited changes, fixed web addresses, bad input refused changing nothing. */
import { getDb } from "@/db/client";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { auditLog } from "@/db/schema/staff";
import { courses, programs } from "@/db/schema/training";
import type { CurrentMember } from "@/lib/auth/session";
import { idleState, type FormState } from "@/lib/form-state";
import { testDb } from "../../../../test/db";
import { getProgram } from "../training.queries";
import { COURSE_GONE, PROGRAM_GONE, SLUG_TAKEN } from "../training-desk.service";
import { createProgramAction, deleteCourseAction, deleteProgramAction, saveCourseAction, updateProgramAction } from "./training.staff-actions";
import { form } from "../../../../test/form";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

async function redirectOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(() => undefined, (thrown: unknown) => thrown);
  return String((error as { digest?: string } | undefined)?.digest ?? "").split(";")[2] ?? "no redirect";
}

const errorsOf = (state: FormState<unknown>) => (state.status === "error" ? { ...state.fieldErrors, ...(state.formError ? { form: state.formError } : {}) } : {});

async function snapshot() {
  return {
    programs: await testDb().select().from(programs).orderBy(asc(programs.id)),
    courses: await testDb().select().from(courses).orderBy(asc(courses.id)),
    audit: await testDb().$count(auditLog),
  };
}

const programFields = (slug: string) => ({
  slug, title: "Sailing", summary: "Out on the lake.", description: "Crew skills\r\nand knots.", imagePath: "/images/programs/outdoor.webp", imageAlt: "A sailboat", sortOrder: "9",
});

beforeEach(async () => {
  const id = randomUUID();
  const email = `staff-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true, role: "staff" });
  signedIn.member = { id, email, displayName: null, emailVerified: true, role: "staff" };
});

describe("programs and courses", () => {
  it("a program is made, edited, given courses, and deleted with them; the public read follows each step", async () => {
    const slug = `sailing-${randomUUID().slice(0, 6)}`;
    expect(await redirectOf(createProgramAction(idleState, form(programFields(slug))))).toBe(`/admin/content/training/${slug}?done=created`);
    expect(await getProgram(getDb(), slug)).toMatchObject({ title: "Sailing", description: "Crew skills\nand knots.", isCore: false, courses: [] });

    expect(await updateProgramAction(idleState, form({ ...programFields(slug), id: slug, slug: "", title: "Sailing and Boating", isCore: "on" }))).toMatchObject({ status: "success" });
    expect(await saveCourseAction(idleState, form({ programId: slug, title: "Knots", level: "Beginner", duration: "1 Day", sortOrder: "2" }))).toEqual({ status: "success", data: { message: "Course added: Knots." } });
    expect(await saveCourseAction(idleState, form({ programId: slug, title: "Crewing", level: "All Levels", duration: "8 Weeks", sortOrder: "1" }))).toMatchObject({ status: "success" });
    const program = await getProgram(getDb(), slug);
    expect(program).toMatchObject({ title: "Sailing and Boating", isCore: true });
    expect(program!.courses).toEqual([
      { title: "Crewing", level: "All Levels", duration: "8 Weeks" },
      { title: "Knots", level: "Beginner", duration: "1 Day" },
    ]);

    const [knots] = await testDb().select().from(courses).where(eq(courses.title, "Knots"));
    expect(await redirectOf(deleteCourseAction(idleState, form({ id: String(knots!.id) })))).toBe(`/admin/content/training/${slug}?done=course-deleted`);
    expect(await redirectOf(deleteProgramAction(idleState, form({ id: slug })))).toBe("/admin/content/training?done=deleted");
    expect(await getProgram(getDb(), slug)).toBeUndefined();
    expect(await testDb().select().from(courses).where(eq(courses.programId, slug))).toEqual([]);

    const audit = await testDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorEmail, signedIn.member!.email)).orderBy(asc(auditLog.id));
    expect(audit.map((a) => a.action)).toEqual(["program.create", "program.update", "course.create", "course.create", "course.delete", "program.delete"]);
  });

  it("refuses a taken or malformed web address, unknown programs and courses, and values outside the lists, changing nothing", async () => {
    const before = await snapshot();
    expect(errorsOf(await createProgramAction(idleState, form(programFields("firearms"))))).toEqual({ slug: SLUG_TAKEN });
    expect(errorsOf(await createProgramAction(idleState, form(programFields("Not A Slug!"))))).toEqual({
      slug: "Use lower-case letters and digits, with single dashes between words (like martial-arts).",
    });
    expect(errorsOf(await createProgramAction(idleState, form({ ...programFields("x-y"), isCore: "yes" })))).toEqual({ isCore: "Tick the box or leave it empty." });
    expect(errorsOf(await updateProgramAction(idleState, form({ ...programFields(""), id: "no-such-program" })))).toEqual({ form: PROGRAM_GONE });
    expect(errorsOf(await saveCourseAction(idleState, form({ programId: "no-such-program", title: "X", level: "Beginner", duration: "1 Day", sortOrder: "1" })))).toEqual({ form: PROGRAM_GONE });
    expect(errorsOf(await saveCourseAction(idleState, form({ id: "99999999", programId: "firearms", title: "X", level: "Beginner", duration: "1 Day", sortOrder: "1" })))).toEqual({ form: COURSE_GONE });
    expect(errorsOf(await saveCourseAction(idleState, form({ programId: "firearms", title: "", level: "Expert", duration: "1 Year", sortOrder: "1" })))).toEqual({
      title: "Enter the course title.",
      level: "Choose a level from the list.",
      duration: "Choose a duration from the list.",
    });
    expect(errorsOf(await deleteCourseAction(idleState, form({ id: "abc" })))).toEqual({ form: COURSE_GONE });
    expect(errorsOf(await deleteProgramAction(idleState, form({ id: "no-such-program" })))).toEqual({ form: PROGRAM_GONE });
    expect(await snapshot()).toEqual(before);
  });
});
