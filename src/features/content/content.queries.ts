import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { coreValues, faqs, leaders, testimonials, trainingLocations } from "@/db/schema/content";
import { images } from "@/db/schema/images";
import { siteContact } from "@/db/schema/settings";
import { site, telHref } from "@/lib/site";

export async function listLeaders(db: Database) {
  const rows = await db
    .select({ leader: leaders, image: { id: images.id, hash: images.hash, width: images.width, height: images.height } })
    .from(leaders)
    .leftJoin(images, eq(images.id, leaders.imageId))
    .orderBy(asc(leaders.sortOrder), asc(leaders.id));
  return rows.map(({ leader: { slug, name, role, service, bio, imagePath, imageAlt }, image }) => ({
    slug, name, role, service, bio, imagePath, imageAlt: imageAlt || `Portrait of ${name}`, image,
  }));
}

export async function listTestimonials(db: Database) {
  const rows = await db.select().from(testimonials).orderBy(asc(testimonials.sortOrder));
  return rows.map(({ id, quote, name, detail }) => ({ id, quote, name, detail }));
}

export async function listTrainingLocations(db: Database) {
  const rows = await db.select().from(trainingLocations).orderBy(asc(trainingLocations.sortOrder), asc(trainingLocations.id));
  return rows.map(({ id, name, street, city, region, postalCode, description }) => ({
    id, name, street, city, region, postalCode, description,
  }));
}

export async function listFaqs(db: Database) {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
  return rows.map(({ id, question, answer }) => ({ id, question, answer }));
}

export async function listCoreValues(db: Database) {
  const rows = await db.select().from(coreValues).orderBy(asc(coreValues.sortOrder));
  return rows.map(({ id, title, description }) => ({ id, title, description }));
}

export interface SiteContact {
  email: string;
  phone: string;
  phoneHref: string;
  phoneHours: string;
  address: { street: string; city: string; region: string; postalCode: string };
}

/** The association's contact details and hours as staff last saved them, else the defaults in lib/site.ts. */
export async function getSiteContact(db: Database): Promise<SiteContact> {
  const [row] = await db.select().from(siteContact).where(eq(siteContact.id, 1));
  if (!row) {
    return { email: site.email, phone: site.phone, phoneHref: site.phoneHref, phoneHours: site.phoneHours, address: { ...site.address } };
  }
  return {
    email: row.email,
    phone: row.phone,
    phoneHref: telHref(row.phone),
    phoneHours: row.phoneHours,
    address: { street: row.street, city: row.city, region: row.region, postalCode: row.postalCode },
  };
}
