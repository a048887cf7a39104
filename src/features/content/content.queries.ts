import "server-only";
import { asc } from "drizzle-orm";
import { getDb } from "@/db/client";
import { coreValues, faqs, leaders, testimonials, trainingLocations } from "@/db/schema/content";

export async function listLeaders() {
  const rows = await getDb().select().from(leaders).orderBy(asc(leaders.sortOrder));
  return rows.map(({ slug, name, role, service, bio, imagePath }) => ({ slug, name, role, service, bio, imagePath }));
}

export async function listTestimonials() {
  const rows = await getDb().select().from(testimonials).orderBy(asc(testimonials.sortOrder));
  return rows.map(({ id, quote, name, detail }) => ({ id, quote, name, detail }));
}

export async function listTrainingLocations() {
  const rows = await getDb().select().from(trainingLocations).orderBy(asc(trainingLocations.sortOrder));
  return rows.map(({ id, name, street, city, region, postalCode, description }) => ({
    id, name, street, city, region, postalCode, description,
  }));
}

export async function listFaqs() {
  const rows = await getDb().select().from(faqs).orderBy(asc(faqs.sortOrder));
  return rows.map(({ id, question, answer }) => ({ id, question, answer }));
}

export async function listCoreValues() {
  const rows = await getDb().select().from(coreValues).orderBy(asc(coreValues.sortOrder));
  return rows.map(({ id, title, description }) => ({ id, title, description }));
}
