import { z } from "zod";
import { courseDuration, courseLevel } from "@/db/schema/training";
import { imagePath, recordId, requiredLine, requiredText, sortOrder } from "@/lib/record-fields";
import { singleLineText } from "@/lib/text-fields";

export const trainingLimits = { slug: 40, title: 120, summary: 200, description: 2000, imageAlt: 200, courseTitle: 120 } as const;

export const COURSE_LEVELS = courseLevel.enumValues;
export const COURSE_DURATIONS = courseDuration.enumValues;

/** A program's address under /training: set when it is made, then fixed so links keep working. */
const programSlug = singleLineText({ message: "Enter the web address." })
  .trim()
  .min(1, "Enter the web address.")
  .max(trainingLimits.slug, `Keep the web address to ${trainingLimits.slug} characters or fewer.`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters and digits, with single dashes between words (like martial-arts).");

const programFields = {
  title: requiredLine("the title", trainingLimits.title),
  summary: requiredLine("a one-line summary", trainingLimits.summary),
  description: requiredText("a description", trainingLimits.description),
  imagePath,
  imageAlt: requiredLine("a description of the picture", trainingLimits.imageAlt),
  /** A checkbox: posted as "on" when ticked, absent otherwise. */
  isCore: z.literal("on", { message: "Tick the box or leave it empty." }).optional().transform((value) => value === "on"),
  sortOrder,
};

export const newProgramSchema = z.object({ slug: programSlug, ...programFields });
export const programSchema = z.object({ id: recordId, ...programFields });

export const courseSchema = z.object({
  id: recordId,
  programId: recordId,
  title: requiredLine("the course title", trainingLimits.courseTitle),
  level: z.enum(COURSE_LEVELS, { message: "Choose a level from the list." }),
  duration: z.enum(COURSE_DURATIONS, { message: "Choose a duration from the list." }),
  sortOrder,
});

export const trainingDeleteSchema = z.object({ id: recordId });

export type NewProgramInput = z.output<typeof newProgramSchema>;
export type ProgramInput = z.output<typeof programSchema>;
export type CourseInput = z.output<typeof courseSchema>;
export type TrainingDeleteInput = z.output<typeof trainingDeleteSchema>;
