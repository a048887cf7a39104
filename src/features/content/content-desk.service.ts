import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { faqs, leaders, trainingLocations } from "@/db/schema/content";
import { orders } from "@/db/schema/orders";
import { siteContact } from "@/db/schema/settings";
import { recordAudit, type Actor } from "@/lib/audit.service";
import * as clock from "@/lib/clock";
import { parseDatabaseId } from "@/lib/database-id";
import { FormError } from "@/lib/form-state";
import type { DeleteInput, FaqInput, LeaderInput, LocationInput, SiteContactInput } from "./content-desk.schema";
import { omit } from "@/lib/omit";
import { isUniqueViolation } from "@/db/unique-violation";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const FAQ_GONE = "This FAQ no longer exists. Go back to the list and choose another.";
export const LEADER_GONE = "This leader no longer exists. Go back to the list and choose another.";
export const LOCATION_GONE = "This training location no longer exists. Go back to the list and choose another.";
export const FAQ_TAKEN = "An FAQ with this question already exists. Edit that one, or ask it differently.";
export const PHOTO_NEEDED = "Upload a photo, or enter the path of one already on the site.";
export const LOCATION_TAKEN = "A training location already has this name. Choose another name.";

export interface Saved {
  id: number;
  created: boolean;
}

/** The id a form posted: absent for a new row; a FormError (nothing changed) for one that is odd or unknown. */
function postedId(raw: string | undefined, gone: string): number | null {
  if (raw === undefined || raw === "") return null;
  const id = parseDatabaseId(raw);
  if (id === undefined) throw new FormError(gone);
  return id;
}


/** A URL slug from a name: "Elena Vásquez" → "elena-vasquez". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "leader";
}

export async function saveFaq(db: Database, actor: Actor, input: FaqInput): Promise<Saved> {
  const id = postedId(input.id, FAQ_GONE);
  const values = { question: input.question, answer: input.answer, sortOrder: input.sortOrder };
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: faqs.id })
        .from(faqs)
        .where(and(sql`lower(${faqs.question}) = lower(${input.question})`, id === null ? undefined : ne(faqs.id, id)));
      if (taken) throw new FormError(FAQ_TAKEN, "question");
      if (id === null) {
        const [row] = await tx.insert(faqs).values(values).returning();
        await recordAudit(tx, actor, { action: "faq.create", recordType: "faq", recordId: String(row!.id), after: values });
        return { id: row!.id, created: true };
      }
      const [before] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
      if (!before) throw new FormError(FAQ_GONE);
      await tx.update(faqs).set(values).where(eq(faqs.id, id));
      await recordAudit(tx, actor, { action: "faq.update", recordType: "faq", recordId: String(id), before: { question: before.question, answer: before.answer, sortOrder: before.sortOrder }, after: values });
      return { id, created: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FormError(FAQ_TAKEN, "question");
    throw error;
  }
}

export async function deleteFaq(db: Database, actor: Actor, input: DeleteInput): Promise<{ question: string }> {
  const id = postedId(input.id, FAQ_GONE);
  if (id === null) throw new FormError(FAQ_GONE);
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
    if (!gone) throw new FormError(FAQ_GONE);
    await recordAudit(tx, actor, { action: "faq.delete", recordType: "faq", recordId: String(id), before: { question: gone.question, answer: gone.answer, sortOrder: gone.sortOrder } });
    return { question: gone.question };
  });
}

/** A slug no other leader has: the name's, then with -2, -3… */
async function freeLeaderSlug(tx: Transaction, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await tx.select({ slug: leaders.slug }).from(leaders).where(sql`${leaders.slug} = ${base} or ${leaders.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Adds or edits a profile. Its photo: a new upload (already stored by the images module) replaces the
 * old one; without one, an uploaded photo stays, and a profile with none needs the path of one on the site.
 */
export async function saveLeader(db: Database, actor: Actor, input: LeaderInput, upload: { id: number } | null = null): Promise<Saved> {
  const id = postedId(input.id, LEADER_GONE);
  const values = {
    name: input.name,
    role: input.role,
    service: input.service,
    bio: input.bio,
    imageAlt: input.imageAlt,
    sortOrder: input.sortOrder,
    ...(input.imagePath ? { imagePath: input.imagePath } : {}),
    ...(upload ? { imageId: upload.id } : {}),
  };
  return db.transaction(async (tx) => {
    if (id === null) {
      if (!upload && !input.imagePath) throw new FormError(PHOTO_NEEDED, "photo");
      // One at a time, so two leaders of the same name get different slugs.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leaders.slug'))`);
      const slug = await freeLeaderSlug(tx, input.name);
      const [row] = await tx.insert(leaders).values({ imagePath: "", ...values, slug }).returning();
      await recordAudit(tx, actor, { action: "leader.create", recordType: "leader", recordId: String(row!.id), after: { ...values, slug } });
      return { id: row!.id, created: true };
    }
    const [before] = await tx.select().from(leaders).where(eq(leaders.id, id)).for("update");
    if (!before) throw new FormError(LEADER_GONE);
    if (!upload && !input.imagePath && before.imageId === null) throw new FormError(PHOTO_NEEDED, "photo");
    await tx.update(leaders).set(values).where(eq(leaders.id, id));
    await recordAudit(tx, actor, { action: "leader.update", recordType: "leader", recordId: String(id), before: omit(before, "id", "slug"), after: values });
    return { id, created: false };
  });
}

export async function deleteLeader(db: Database, actor: Actor, input: DeleteInput): Promise<{ name: string }> {
  const id = postedId(input.id, LEADER_GONE);
  if (id === null) throw new FormError(LEADER_GONE);
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(leaders).where(eq(leaders.id, id)).returning();
    if (!gone) throw new FormError(LEADER_GONE);
    await recordAudit(tx, actor, { action: "leader.delete", recordType: "leader", recordId: String(id), before: gone });
    return { name: gone.name };
  });
}

export async function saveLocation(db: Database, actor: Actor, input: LocationInput): Promise<Saved> {
  const id = postedId(input.id, LOCATION_GONE);
  const values = {
    name: input.name,
    street: input.street,
    city: input.city,
    region: input.region,
    postalCode: input.postalCode,
    description: input.description,
    sortOrder: input.sortOrder,
  };
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: trainingLocations.id })
        .from(trainingLocations)
        .where(and(sql`lower(${trainingLocations.name}) = lower(${input.name})`, id === null ? undefined : ne(trainingLocations.id, id)));
      if (taken) throw new FormError(LOCATION_TAKEN, "name");
      if (id === null) {
        const [row] = await tx.insert(trainingLocations).values(values).returning();
        await recordAudit(tx, actor, { action: "location.create", recordType: "training_location", recordId: String(row!.id), after: values });
        return { id: row!.id, created: true };
      }
      const [before] = await tx.select().from(trainingLocations).where(eq(trainingLocations.id, id)).for("update");
      if (!before) throw new FormError(LOCATION_GONE);
      await tx.update(trainingLocations).set(values).where(eq(trainingLocations.id, id));
      await recordAudit(tx, actor, { action: "location.update", recordType: "training_location", recordId: String(id), before: omit(before, "id"), after: values });
      return { id, created: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new FormError(LOCATION_TAKEN, "name");
    throw error;
  }
}

export function locationInUseMessage(orderCount: number): string {
  const orders = orderCount === 1 ? "1 order" : `${orderCount.toLocaleString("en-US")} orders`;
  return `This location cannot be deleted: it is the pickup location of ${orders}, which must keep showing where to collect them. Edit its name, address or description instead.`;
}

/** Deletes a location no order names as its pickup point; one that is named stays, with the reason. */
export async function deleteLocation(db: Database, actor: Actor, input: DeleteInput): Promise<{ name: string }> {
  const id = postedId(input.id, LOCATION_GONE);
  if (id === null) throw new FormError(LOCATION_GONE);
  return db.transaction(async (tx) => {
    const [location] = await tx.select().from(trainingLocations).where(eq(trainingLocations.id, id)).for("update");
    if (!location) throw new FormError(LOCATION_GONE);
    const [uses] = await tx.select({ n: count() }).from(orders).where(eq(orders.pickupLocationId, id));
    if ((uses?.n ?? 0) > 0) throw new FormError(locationInUseMessage(uses!.n));
    await tx.delete(trainingLocations).where(eq(trainingLocations.id, id));
    await recordAudit(tx, actor, { action: "location.delete", recordType: "training_location", recordId: String(id), before: omit(location, "id") });
    return { name: location.name };
  });
}

/** Saves the association's contact details and hours (the one row, made on the first save). */
export async function saveSiteContact(db: Database, actor: Actor, input: SiteContactInput): Promise<void> {
  const values = { ...input, updatedAt: clock.now() };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteContact).where(eq(siteContact.id, 1)).for("update");
    await tx.insert(siteContact).values({ id: 1, ...values }).onConflictDoUpdate({ target: siteContact.id, set: values });
    await recordAudit(tx, actor, { action: "contact.update", recordType: "site_contact", recordId: "1", before: before ? omit(before, "id", "updatedAt") : null, after: input });
  });
}
