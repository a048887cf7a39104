import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { images } from "./images";

export const leaders = pgTable("leaders", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  service: text("service").notNull(),
  bio: text("bio").notNull(),
  /** A photo already on the site (the samples'); an uploaded photo (imageId) takes its place. */
  imagePath: text("image_path").notNull(),
  imageId: integer("image_id").references(() => images.id, { onDelete: "set null" }),
  /** Describes the photo for screen readers; empty means "Portrait of <name>". */
  imageAlt: text("image_alt").notNull().default(""),
  sortOrder: integer("sort_order").notNull(),
});

export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  quote: text("quote").notNull(),
  name: text("name").notNull(),
  detail: text("detail").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const trainingLocations = pgTable("training_locations", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  region: text("region").notNull(),
  postalCode: text("postal_code").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const faqs = pgTable("faqs", {
  id: serial("id").primaryKey(),
  question: text("question").notNull().unique(),
  answer: text("answer").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const coreValues = pgTable("core_values", {
  id: serial("id").primaryKey(),
  title: text("title").notNull().unique(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
});
