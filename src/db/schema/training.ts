import { integer, pgEnum, pgTable, serial, text, boolean } from "drizzle-orm/pg-core";

export const courseLevel = pgEnum("course_level", ["Beginner", "Intermediate", "Advanced", "All Levels"]);
export const courseDuration = pgEnum("course_duration", ["1 Day", "2 Days", "3 Days", "Ongoing", "8 Weeks", "12 Weeks"]);

export const programs = pgTable("programs", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  summary: text("summary").notNull(),
  description: text("description").notNull(),
  imagePath: text("image_path").notNull(),
  imageAlt: text("image_alt").notNull(),
  /** The three program groups shown on /training; the others appear under "More programs". */
  isCore: boolean("is_core").notNull().default(false),
  sortOrder: integer("sort_order").notNull(),
});

export const courses = pgTable("courses", {
  id: serial("id").primaryKey(),
  programId: text("program_id")
    .notNull()
    .references(() => programs.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  level: courseLevel("level").notNull(),
  duration: courseDuration("duration").notNull(),
  sortOrder: integer("sort_order").notNull(),
});
