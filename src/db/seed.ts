/**
 * The sample content: loaded into a new, empty database on its first start (and into the test
 * databases' template), never again once the site has run.
 */
import { count, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgTable } from "drizzle-orm/pg-core";
import * as clock from "@/lib/clock";
import { ASSOCIATION_TIME_ZONE, zonedWallTimeToUtc } from "@/lib/time";
import type { schema } from "./schema";
import { apparelSizes, products, productVariants } from "./schema/catalog";
import { coreValues, faqs, leaders, testimonials, trainingLocations } from "./schema/content";
import { events } from "./schema/events";
import { sampleContentLoads } from "./schema/settings";
import { courses, programs } from "./schema/training";

type SeedDb = NodePgDatabase<typeof schema>;

const sampleProducts = [
  { slug: "veteran-strong-tshirt", name: "Veteran Strong T-Shirt", category: "apparel", priceCents: 2999, featuredRank: 1,
    description: "Soft, heavyweight cotton tee with the association's star-and-chevron emblem. Cut for training and everyday wear.",
    imageAlt: "Navy t-shirt with a gold star and chevron emblem", releasedAt: "2025-03-01" },
  { slug: "tactical-cap", name: "Tactical Cap", category: "accessories", priceCents: 2499, featuredRank: 2,
    description: "Structured olive cap with a hook-and-loop panel for patches and an adjustable strap.",
    imageAlt: "Olive green baseball cap with a patch panel", releasedAt: "2025-01-15" },
  { slug: "insulated-water-bottle", name: "Water Bottle", category: "gear", priceCents: 1999, featuredRank: 5,
    description: "Double-walled steel bottle that keeps water cold through a full ruck. 24 oz, leak-proof lid.",
    imageAlt: "Navy insulated steel water bottle", releasedAt: "2024-11-01" },
  { slug: "fitness-journal", name: "Fitness Journal", category: "accessories", priceCents: 1599, featuredRank: 6,
    description: "Twelve weeks of guided training logs, goal pages and recovery notes, in a durable khaki cover.",
    imageAlt: "Khaki notebook with an elastic band", releasedAt: "2024-09-10" },
  { slug: "performance-hoodie", name: "Performance Hoodie", category: "apparel", priceCents: 4999, featuredRank: 3,
    description: "Midweight moisture-wicking hoodie for early-morning PT and cold range days.",
    imageAlt: "Charcoal hoodie with a front pocket", releasedAt: "2025-04-20" },
  { slug: "tactical-backpack", name: "Tactical Backpack", category: "gear", priceCents: 8999, featuredRank: 4,
    description: "35-liter pack with MOLLE webbing, a hydration sleeve and a padded laptop compartment.",
    imageAlt: "Olive backpack with MOLLE webbing straps", releasedAt: "2025-05-05" },
  { slug: "training-gloves", name: "Training Gloves", category: "gear", priceCents: 3499, featuredRank: 7,
    description: "Reinforced palms and breathable backs for the range, the rope and the rower.",
    imageAlt: "A pair of black and olive training gloves", releasedAt: "2024-12-01" },
  { slug: "military-cap", name: "Military Cap", category: "accessories", priceCents: 2799, featuredRank: 8,
    description: "Classic patrol cap in a woodland-inspired pattern, with a stiffened crown.",
    imageAlt: "Patrol cap in a green and khaki camouflage pattern", releasedAt: "2025-02-14" },
] as const;

/**
 * Stock per product: apparel by size (XS–XXL), everything else one number. Some sizes and one product
 * start sold out and a few are low, so every stock state is on show.
 */
const sampleStock: Record<(typeof sampleProducts)[number]["slug"], number | readonly number[]> = {
  "veteran-strong-tshirt": [0, 12, 30, 30, 12, 3],
  "tactical-cap": 40,
  "insulated-water-bottle": 60,
  "fitness-journal": 35,
  "performance-hoodie": [2, 10, 25, 25, 10, 0],
  "tactical-backpack": 4,
  "training-gloves": 30,
  "military-cap": 0,
};

export function sampleVariantRows(productIds: ReadonlyMap<string, number>): { productId: number; size: string | null; stock: number; sortOrder: number }[] {
  return Object.entries(sampleStock).flatMap(([slug, stock]) => {
    const productId = productIds.get(slug);
    if (productId === undefined) return [];
    if (typeof stock === "number") return [{ productId, size: null, stock, sortOrder: 0 }];
    return apparelSizes.map((size, i) => ({ productId, size: size as string | null, stock: stock[i] ?? 0, sortOrder: i }));
  });
}

const samplePrograms = [
  { id: "firearms", title: "Firearms Training", isCore: true,
    summary: "Safe, confident handling from first grip to precision shooting.",
    description: "Certified instructors teach safety, marksmanship fundamentals and defensive skills on a controlled range. Every course starts with safety and ends with a debrief.",
    imageAlt: "A firing range with targets at distance",
    courses: [
      ["Firearms Safety Fundamentals", "Beginner", "1 Day"],
      ["Defensive Pistol", "Intermediate", "2 Days"],
      ["Precision Rifle", "Advanced", "3 Days"],
    ] },
  { id: "fitness", title: "Elite Fitness", isCore: true,
    summary: "Military-style conditioning for every body and every level.",
    description: "Structured strength, endurance and mobility programs built by veterans who have trained for selection and for life after service.",
    imageAlt: "A kettlebell and a loaded ruck beside a running track",
    courses: [
      ["Foundations of Strength", "Beginner", "8 Weeks"],
      ["Ruck Ready", "Intermediate", "12 Weeks"],
      ["Community PT", "All Levels", "Ongoing"],
    ] },
  { id: "tactical", title: "Tactical Consulting", isCore: true,
    summary: "Planning, preparedness and leadership for teams and organizations.",
    description: "Former service members share what they learned about planning under pressure, situational awareness and leading small teams.",
    imageAlt: "A map, a compass and a radio laid out on a table",
    courses: [
      ["Situational Awareness", "Beginner", "1 Day"],
      ["Emergency Preparedness Planning", "Intermediate", "2 Days"],
      ["Small Team Leadership", "Advanced", "3 Days"],
    ] },
  { id: "martial-arts", title: "Martial Arts", isCore: false,
    summary: "Discipline, self-defense and focus on the mat.",
    description: "Combatives, Brazilian jiu-jitsu and striking fundamentals taught in a respectful, injury-aware room.",
    imageAlt: "Training mats with a belt folded on top",
    courses: [
      ["Combatives Basics", "Beginner", "8 Weeks"],
      ["Brazilian Jiu-Jitsu", "All Levels", "Ongoing"],
      ["Advanced Self-Defense", "Advanced", "12 Weeks"],
    ] },
  { id: "outdoor", title: "Outdoor Recreation", isCore: false,
    summary: "Reconnect through hiking, fishing and time outdoors.",
    description: "Guided trips that trade the barracks for the backcountry: navigation, camp craft and the quiet that helps many of us heal.",
    imageAlt: "Mountains, a tent and a campfire at dusk",
    courses: [
      ["Land Navigation", "Beginner", "1 Day"],
      ["Weekend Backpacking", "Intermediate", "2 Days"],
      ["Wilderness First Aid", "All Levels", "3 Days"],
    ] },
] as const;

/** The six events: month, day and hours as in the spec's season; capacities 12, 20, Unlimited, 8, 15, 15. */
const sampleEvents = [
  { slug: "firearms-safety-fundamentals", title: "Firearms Safety Fundamentals", category: "firearms", capacity: 12,
    month: 6, day: 14, start: [9, 0], end: [13, 0], location: "Liberty Range, Bulverde, TX", instructor: "David Okafor",
    description: "A hands-on introduction to safe handling, storage and marksmanship fundamentals. Eye and ear protection provided." },
  { slug: "veteran-ruck-march", title: "Veteran Ruck March", category: "fitness", capacity: 20,
    month: 6, day: 21, start: [6, 0], end: [10, 0], location: "Headquarters & Fitness Center, San Antonio, TX", instructor: "Sarah Whitfield",
    description: "A 12-mile ruck in honor of the fallen. Bring a ruck of 20-30 lbs, two liters of water and broken-in boots." },
  { slug: "independence-day-cookout", title: "Independence Day Community Cookout", category: "community", capacity: null,
    month: 7, day: 4, start: [11, 0], end: [16, 0], location: "Austin Community Hall, Austin, TX", instructor: "Tom Brennan",
    description: "Food, music and games for members, families and neighbors. Everyone is welcome; no registration fee." },
  { slug: "tactical-first-aid", title: "Stop the Bleed & Tactical First Aid", category: "medical", capacity: 8,
    month: 7, day: 12, start: [9, 0], end: [15, 0], location: "Headquarters & Fitness Center, San Antonio, TX", instructor: "Elena Vasquez",
    description: "Learn to control severe bleeding, apply a tourniquet and manage casualties until help arrives. Certificate on completion." },
  { slug: "precision-rifle-clinic", title: "Precision Rifle Clinic", category: "firearms", capacity: 15,
    month: 7, day: 19, start: [8, 0], end: [16, 0], location: "Liberty Range, Bulverde, TX", instructor: "David Okafor",
    description: "Wind calls, data books and positional shooting out to 600 yards. Bring your own rifle and 100 rounds." },
  { slug: "functional-fitness-challenge", title: "Functional Fitness Challenge", category: "fitness", capacity: 15,
    month: 7, day: 26, start: [7, 0], end: [10, 0], location: "Headquarters & Fitness Center, San Antonio, TX", instructor: "Sarah Whitfield",
    description: "Teams of three take on a scaled workout of carries, sled pushes and rowing. All levels; scaling offered for every movement." },
] as const;

const sampleLeaders = [
  ["marcus-reed", "Marcus Reed", "Founder & Executive Director", "U.S. Army (Ret.), 22 years",
    "Marcus founded the association in 2020 after seeing too many friends lose their sense of team after service."],
  ["elena-vasquez", "Elena Vasquez", "Director of Training", "U.S. Navy Hospital Corpsman, 10 years",
    "Elena builds every curriculum around safety first and teaches our medical and first-aid courses."],
  ["david-okafor", "David Okafor", "Firearms Program Lead", "U.S. Army Reserve, Master Sergeant",
    "A certified range safety officer and competitive shooter who has coached hundreds of first-time shooters."],
  ["sarah-whitfield", "Sarah Whitfield", "Fitness Program Director", "U.S. Army veteran, 8 years",
    "Sarah designs our strength and ruck programs and leads the Saturday community PT sessions."],
  ["tom-brennan", "Tom Brennan", "Community & Outdoor Programs", "U.S. Air Force veteran, 12 years",
    "Tom organizes our cookouts, hikes and fishing trips, and makes sure every family feels at home."],
  ["aisha-coleman", "Aisha Coleman", "Family Support Coordinator", "Military spouse of 15 years",
    "Aisha connects families with resources and runs our volunteer network."],
] as const;

const sampleTestimonials = [
  ["The ruck program gave me a team again. Six months in, I'm stronger than I was on active duty.", "James T.", "U.S. Army veteran, Elite Fitness"],
  ["I had never held a firearm before. The instructors were patient, clear and serious about safety.", "Maria L.", "Military spouse, Firearms Training"],
  ["The leadership course translated what I learned in the Marines into something my civilian team could use.", "Kevin R.", "USMC veteran, Tactical Consulting"],
] as const;

const sampleLocations = [
  ["Headquarters & Fitness Center", "1776 Patriot Way", "San Antonio", "TX", "78205", "Offices, the strength gym and classroom courses."],
  ["Liberty Range", "4500 Range Road", "Bulverde", "TX", "78163", "Our partner range for all firearms courses."],
  ["Hill Country Outdoor Base", "210 Cedar Creek Road", "Boerne", "TX", "78006", "Trailhead and camp for outdoor recreation trips."],
  ["Austin Community Hall", "800 Veterans Drive", "Austin", "TX", "78701", "Martial arts classes and community events."],
] as const;

const sampleFaqs = [
  ["Do I need to be a veteran to join?", "No. Our programs are open to service members, veterans, military families and civilian supporters alike."],
  ["Do you offer discounts?", "Yes. Active duty, veterans, reserve and guard members, military families, law enforcement and first responders can ask to be verified from their profile: upload a photo or PDF of an ID or document, and staff verify it, usually within a few days. Once verified, the discount is applied automatically at checkout in the shop and on membership dues, at the rate the association sets. Premium and Elite members get the better of their member pricing and this discount, not both."],
  ["What should I bring to my first training session?", "Comfortable clothing, water and a positive attitude. Course pages list any specific gear, and we provide eye and ear protection on the range."],
  ["Can my family attend events?", "Absolutely. Community events are family-friendly, and many courses welcome spouses and adult children."],
  ["How can I volunteer or donate?", "Choose 'Volunteer' or 'Donation' in the contact form, or visit our donate page. Every gift directly funds programs for veterans and their families."],
] as const;

const sampleValues = [
  ["Excellence", "We train to a high standard and hold ourselves to it, on the range, in the gym and in the community."],
  ["Brotherhood/Sisterhood", "No one trains alone. We look after each other the way we did in uniform."],
  ["Service", "Service did not end with our enlistment. We give back to veterans, families and our neighbors."],
  ["Integrity", "We do what we say, tell the truth and treat every member with respect."],
] as const;

/**
 * The June–July season the sample events belong to: the next one that has not begun, so every
 * seeded event is still ahead of `now` — this year's until its first event starts, then next year's.
 */
export function eventSeasonYear(now: Date = clock.now()): number {
  const year = now.getUTCFullYear();
  const first = sampleEvents[0]!;
  const firstStarts = zonedWallTimeToUtc({ year, month: first.month, day: first.day, hour: first.start[0], minute: first.start[1] }, ASSOCIATION_TIME_ZONE);
  return now < firstStarts ? year : year + 1;
}

export function sampleEventRows(now: Date = clock.now()) {
  const year = eventSeasonYear(now);
  return sampleEvents.map((e) => ({
    slug: e.slug,
    title: e.title,
    category: e.category,
    description: e.description,
    instructor: e.instructor,
    location: e.location,
    capacity: e.capacity,
    timeZone: ASSOCIATION_TIME_ZONE,
    startsAt: zonedWallTimeToUtc({ year, month: e.month, day: e.day, hour: e.start[0], minute: e.start[1] }, ASSOCIATION_TIME_ZONE),
    endsAt: zonedWallTimeToUtc({ year, month: e.month, day: e.day, hour: e.end[0], minute: e.end[1] }, ASSOCIATION_TIME_ZONE),
  }));
}

/** Every table the samples fill: a database with a row in any of them already has content of its own. */
const sampleTables: PgTable[] = [products, productVariants, programs, courses, events, leaders, testimonials, trainingLocations, faqs, coreValues];

/** Serialises two servers starting on one new database, so only one of them loads the samples. */
const SEED_LOCK = 7_246_301;

async function hasAnyContent(db: SeedDb): Promise<boolean> {
  for (const table of sampleTables) {
    const [row] = await db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) return true;
  }
  return false;
}

export type SeedOutcome = "loaded" | "existing" | "already-marked";

/**
 * Loads the sample content into a new, empty database, once. The transaction that loads it (or that
 * finds a database already holding content, from before this rule) writes the marker row, and a
 * marked database is never seeded again: what staff delete stays deleted.
 */
export async function seedSampleContent(db: SeedDb, now: Date = clock.now()): Promise<SeedOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [marker] = await tx.select({ outcome: sampleContentLoads.outcome }).from(sampleContentLoads);
    if (marker) return "already-marked";
    if (await hasAnyContent(tx)) {
      await tx.insert(sampleContentLoads).values({ at: now, outcome: "existing" });
      return "existing";
    }
    await insertSamples(tx, now);
    await tx.insert(sampleContentLoads).values({ at: now, outcome: "loaded" });
    return "loaded";
  });
}

async function insertSamples(tx: SeedDb, now: Date): Promise<void> {
  const productRows = await tx
    .insert(products)
    .values(
      sampleProducts.map((p) => ({
        ...p,
        imagePath: `/images/products/${p.slug}.webp`,
        releasedAt: new Date(`${p.releasedAt}T12:00:00Z`),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  await tx.insert(productVariants).values(sampleVariantRows(new Map(productRows.map((r) => [r.slug, r.id]))));
  await tx.insert(programs).values(
    samplePrograms.map((p, i) => ({
      id: p.id, title: p.title, summary: p.summary, description: p.description, imageAlt: p.imageAlt, isCore: p.isCore,
      imagePath: `/images/programs/${p.id}.webp`, sortOrder: i,
    })),
  );
  await tx.insert(courses).values(
    samplePrograms.flatMap((p) => p.courses.map(([title, level, duration], i) => ({ programId: p.id, title, level, duration, sortOrder: i }))),
  );
  await tx.insert(events).values(sampleEventRows(now));
  await tx.insert(leaders).values(
    sampleLeaders.map(([slug, name, role, service, bio], i) => ({
      slug, name, role, service, bio, imagePath: `/images/team/${slug}.webp`, imageAlt: `Portrait of ${name}`, sortOrder: i,
    })),
  );
  await tx.insert(testimonials).values(sampleTestimonials.map(([quote, name, detail], i) => ({ quote, name, detail, sortOrder: i })));
  await tx.insert(trainingLocations).values(
    sampleLocations.map(([name, street, city, region, postalCode, description], i) => ({ name, street, city, region, postalCode, description, sortOrder: i })),
  );
  await tx.insert(faqs).values(sampleFaqs.map(([question, answer], i) => ({ question, answer, sortOrder: i })));
  await tx.insert(coreValues).values(sampleValues.map(([title, description], i) => ({ title, description, sortOrder: i })));
}
