import "server-only";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { faqs, leaders, trainingLocations } from "@/db/schema/content";
import { images } from "@/db/schema/images";
import { orders } from "@/db/schema/orders";

/** The staff pages' reads: every editable field, in the order the public pages show them. */

export async function listFaqsForStaff(db: Database) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, sortOrder: faqs.sortOrder })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

export async function getFaqForStaff(db: Database, id: number) {
  const [row] = await db.select({ id: faqs.id, question: faqs.question, answer: faqs.answer, sortOrder: faqs.sortOrder }).from(faqs).where(eq(faqs.id, id));
  return row;
}

const leaderFields = {
  id: leaders.id,
  name: leaders.name,
  role: leaders.role,
  service: leaders.service,
  bio: leaders.bio,
  imagePath: leaders.imagePath,
  imageAlt: leaders.imageAlt,
  sortOrder: leaders.sortOrder,
};

export async function listLeadersForStaff(db: Database) {
  return db.select(leaderFields).from(leaders).orderBy(asc(leaders.sortOrder), asc(leaders.id));
}

/** A profile with its uploaded photo, if it has one. */
export async function getLeaderForStaff(db: Database, id: number) {
  const [row] = await db
    .select({ leader: leaderFields, image: { id: images.id, hash: images.hash, width: images.width, height: images.height } })
    .from(leaders)
    .leftJoin(images, eq(images.id, leaders.imageId))
    .where(eq(leaders.id, id));
  return row && { ...row.leader, image: row.image };
}

const locationFields = {
  id: trainingLocations.id,
  name: trainingLocations.name,
  street: trainingLocations.street,
  city: trainingLocations.city,
  region: trainingLocations.region,
  postalCode: trainingLocations.postalCode,
  description: trainingLocations.description,
  sortOrder: trainingLocations.sortOrder,
};

export async function listLocationsForStaff(db: Database) {
  return db.select(locationFields).from(trainingLocations).orderBy(asc(trainingLocations.sortOrder), asc(trainingLocations.id));
}

/** A location, with how many orders name it as their pickup point (those keep it from being deleted). */
export async function getLocationForStaff(db: Database, id: number) {
  const [row] = await db.select(locationFields).from(trainingLocations).where(eq(trainingLocations.id, id));
  if (!row) return undefined;
  const [uses] = await db.select({ n: count() }).from(orders).where(eq(orders.pickupLocationId, id));
  return { ...row, pickupOrders: uses?.n ?? 0 };
}
