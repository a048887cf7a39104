// @module-tag second-clock: the sample season is scheduled from today.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { cloneTemplate, quoteIdent, workerDatabaseName } from "../../test/clone-database";
import { ownDatabase, testDb } from "../../test/db";
import type { Database } from "./client";
import { migrateAndSeed, migrationsFolder } from "./migrate";
import { schema } from "./schema";
import { products } from "./schema/catalog";
import { coreValues, faqs, leaders, testimonials, trainingLocations } from "./schema/content";
import { events } from "./schema/events";
import { sampleContentLoads } from "./schema/settings";
import { courses, programs } from "./schema/training";
import { eventSeasonYear, sampleEventRows, seedSampleContent } from "./seed";

const tables = { products, programs, courses, events, leaders, testimonials, trainingLocations, faqs, coreValues } as const;

const expectedCounts = {
  products: 8,
  programs: 5,
  courses: 15,
  events: 6,
  leaders: 6,
  testimonials: 3,
  trainingLocations: 4,
  faqs: 5,
  coreValues: 4,
};

async function countRows(table: PgTable, db: Database = testDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

async function countAll(db: Database = testDb()): Promise<Record<keyof typeof tables, number>> {
  const entries = await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, await countRows(table, db)] as const));
  return Object.fromEntries(entries) as Record<keyof typeof tables, number>;
}

/** Wall-clock parts of an instant in Chicago, read with Intl (independent of the code under test). */
function chicagoWallTime(instant: Date): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** Back to a new database's state: no content and no marker, so the next seed loads the samples. */
async function emptyTheSampleTables(db: Database): Promise<void> {
  await db.execute(sql`truncate ${products}, ${programs}, ${events}, ${leaders}, ${testimonials}, ${trainingLocations}, ${faqs}, ${coreValues}, ${sampleContentLoads} cascade`);
}

/**
 * A database of this test's own, from the seeded template or from PostgreSQL's empty `template0` (a
 * brand-new database), with its URL for migrateAndSeed; dropped when the test finishes.
 */
async function freshDatabase(template?: string): Promise<{ url: string; db: Database }> {
  const injected = inject("testDatabase");
  const name = `${workerDatabaseName()}_seed_${randomUUID().slice(0, 8)}`;
  const url = await cloneTemplate(injected.adminUrl, template ?? injected.template, name);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on("error", () => {});
  onTestFinished(async () => {
    await pool.end();
    const admin = new pg.Client({ connectionString: injected.adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    } finally {
      await admin.end();
    }
  });
  return { url, db: drizzle(pool, { schema }) };
}

describe("seedSampleContent", () => {
  it("loads the sample content into the template every test database is cloned from", async () => {
    expect(await countAll()).toEqual(expectedCounts);
  });

  it("stores the eight products with their prices in integer cents", async () => {
    const rows = await testDb().select().from(products).orderBy(asc(products.id));
    expect(rows.map((p) => p.priceCents)).toEqual([2999, 2499, 1999, 1599, 4999, 8999, 3499, 2799]);
    expect(rows.map((p) => p.imagePath)).toEqual(rows.map((p) => `/images/products/${p.slug}.webp`));
  });

  it("schedules the six events in June and July of the season year, at Chicago wall times", async () => {
    const year = eventSeasonYear();
    const rows = await testDb().select().from(events).orderBy(asc(events.startsAt));
    expect(rows.map((e) => e.capacity)).toEqual([12, 20, null, 8, 15, 15]);
    expect(rows.every((e) => e.timeZone === "America/Chicago")).toBe(true);
    expect(rows.map((e) => [chicagoWallTime(e.startsAt), chicagoWallTime(e.endsAt)])).toEqual([
      [`${year}-06-14 09:00`, `${year}-06-14 13:00`],
      [`${year}-06-21 06:00`, `${year}-06-21 10:00`],
      [`${year}-07-04 11:00`, `${year}-07-04 16:00`],
      [`${year}-07-12 09:00`, `${year}-07-12 15:00`],
      [`${year}-07-19 08:00`, `${year}-07-19 16:00`],
      [`${year}-07-26 07:00`, `${year}-07-26 10:00`],
    ]);
    // Summer in Chicago is CDT, five hours behind UTC: the stored instants are exact.
    expect(rows[0]!.startsAt.toISOString()).toBe(`${year}-06-14T14:00:00.000Z`);
    expect(rows[5]!.endsAt.toISOString()).toBe(`${year}-07-26T15:00:00.000Z`);
  });

  it("is idempotent: a second run inserts nothing and changes no row", async () => {
    const db = testDb();
    const before = await countAll();
    const productsBefore = await db.select().from(products).orderBy(asc(products.id));
    const eventsBefore = await db.select().from(events).orderBy(asc(events.id));

    await seedSampleContent(db);

    expect(await countAll()).toEqual(before);
    expect(await db.select().from(products).orderBy(asc(products.id))).toEqual(productsBefore);
    expect(await db.select().from(events).orderBy(asc(events.id))).toEqual(eventsBefore);
  });

  // The tests below empty tables, so each seeds a database of its own; the file's stays as cloned.
  it("marks the template as loaded, in the same run that loaded it", async () => {
    expect(await testDb().select({ outcome: sampleContentLoads.outcome }).from(sampleContentLoads)).toEqual([{ outcome: "loaded" }]);
  });

  it("a brand-new database gets the samples on its first start, and is marked", async () => {
    const { url, db } = await freshDatabase("template0");

    await migrateAndSeed(url);

    expect(await countAll(db)).toEqual(expectedCounts);
    expect(await db.select({ outcome: sampleContentLoads.outcome }).from(sampleContentLoads)).toEqual([{ outcome: "loaded" }]);
  });

  it("never brings deleted samples back: deleted events, FAQs and even every product stay deleted after a restart", async () => {
    const { url, db } = await freshDatabase();
    const [firstFaq] = await db.select().from(faqs).orderBy(asc(faqs.id)).limit(1);
    await db.delete(events);
    await db.delete(faqs).where(eq(faqs.id, firstFaq!.id));
    await db.execute(sql`truncate ${products} cascade`);

    await migrateAndSeed(url);
    await migrateAndSeed(url);

    const counts = await countAll(db);
    expect(counts).toEqual({ ...expectedCounts, events: 0, faqs: 4, products: 0 });
    expect((await db.select({ question: faqs.question }).from(faqs)).map((f) => f.question)).not.toContain(firstFaq!.question);
  });

  it("a site that already ran before the marker existed is marked 'existing' and gets nothing added", async () => {
    const db = await ownDatabase();
    await db.delete(sampleContentLoads);
    await db.delete(events);
    await db.delete(faqs);
    const leadersBefore = await db.select().from(leaders).orderBy(asc(leaders.id));

    expect(await seedSampleContent(db)).toBe("existing");
    expect(await seedSampleContent(db)).toBe("already-marked");

    expect(await countAll(db)).toEqual({ ...expectedCounts, events: 0, faqs: 0 });
    expect(await db.select().from(leaders).orderBy(asc(leaders.id))).toEqual(leadersBefore);
    expect(await db.select({ outcome: sampleContentLoads.outcome }).from(sampleContentLoads)).toEqual([{ outcome: "existing" }]);
  });

  it("three servers starting at once on a brand-new database migrate it together: every migration applied once, the samples loaded once", { timeout: 60_000 }, async () => {
    const { url, db } = await freshDatabase("template0");

    await Promise.all([migrateAndSeed(url), migrateAndSeed(url), migrateAndSeed(url)]);

    const applied = await db.execute<{ n: string; distinct_hashes: string }>(sql`select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations`);
    const committed = (JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
    expect({ rows: Number(applied.rows[0]!.n), distinct: Number(applied.rows[0]!.distinct_hashes) }).toEqual({ rows: committed, distinct: committed });
    expect(await countAll(db)).toEqual(expectedCounts);
  });

  it("two servers starting on one new database load the samples once", async () => {
    const { url, db } = await freshDatabase("template0");
    await migrateAndSeed(url, { seed: false });

    const outcomes = await Promise.all([seedSampleContent(db), seedSampleContent(db)]);

    expect(outcomes.sort()).toEqual(["already-marked", "loaded"]);
    expect(await countAll(db)).toEqual(expectedCounts);
  });

  it("puts a fresh season's events in the year given by eventSeasonYear(now)", async () => {
    const db = await ownDatabase();
    await emptyTheSampleTables(db);
    const afterSeason = new Date("2031-08-01T12:00:00Z");

    await seedSampleContent(db, afterSeason);

    const rows = await db.select().from(events).orderBy(asc(events.startsAt));
    expect(rows).toHaveLength(6);
    expect(rows[0]!.startsAt.toISOString()).toBe("2032-06-14T14:00:00.000Z");
    expect(rows[5]!.startsAt.toISOString()).toBe("2032-07-26T12:00:00.000Z");
  });

  it("seeded during the season, schedules next year's, so every event is still ahead", async () => {
    const db = await ownDatabase();
    await emptyTheSampleTables(db);
    const midSeason = new Date("2031-06-20T15:00:00Z");

    await seedSampleContent(db, midSeason);

    const rows = await db.select().from(events).orderBy(asc(events.startsAt));
    expect(rows).toHaveLength(6);
    expect(rows[0]!.startsAt.toISOString()).toBe("2032-06-14T14:00:00.000Z");
    expect(rows[5]!.endsAt.toISOString()).toBe("2032-07-26T15:00:00.000Z");
  });
});

describe("eventSeasonYear", () => {
  // The season's first event (Firearms Safety Fundamentals) starts June 14, 09:00 CDT = 14:00 UTC.
  it("is the current year until the season's first event starts", () => {
    expect(eventSeasonYear(new Date("2031-01-01T00:00:00Z"))).toBe(2031);
    expect(eventSeasonYear(new Date("2031-03-09T08:00:00Z"))).toBe(2031); // the day clocks go forward
    expect(eventSeasonYear(new Date("2031-06-14T13:59:59.999Z"))).toBe(2031);
  });

  it("is next year from the moment the first event starts: during the season and after it", () => {
    expect(eventSeasonYear(new Date("2031-06-14T14:00:00Z"))).toBe(2032);
    expect(eventSeasonYear(new Date("2031-06-20T15:00:00Z"))).toBe(2032);
    expect(eventSeasonYear(new Date("2031-07-26T14:59:59.999Z"))).toBe(2032);
    expect(eventSeasonYear(new Date("2031-07-26T15:00:00Z"))).toBe(2032);
    expect(eventSeasonYear(new Date("2031-12-31T23:59:59Z"))).toBe(2032);
  });

  // About 500 instants, each computing the season's 12 wall times: ~8 s alone, twice that on a busy machine.
  it("puts every seeded event after now, on every day of a leap year and at every hour that matters in the season", { timeout: 60_000 }, () => {
    const days = (from: string, to: string) => {
      const list: Date[] = [];
      for (let t = Date.parse(from); t <= Date.parse(to); t += 24 * 3_600_000) list.push(new Date(t));
      return list;
    };
    const instants = [
      ...days("2028-01-01T05:59:00Z", "2028-12-31T05:59:00Z"), // every day of a leap year, just before Chicago midnight
      ...days("2031-06-14T00:00:00Z", "2031-07-26T23:00:00Z").flatMap((day) => [0, 14, 15].map((h) => new Date(day.getTime() + h * 3_600_000))),
      new Date("2031-06-14T14:00:00Z"), // the first event's start
      new Date("2031-07-26T15:00:00Z"), // the last event's end
    ];
    for (const now of instants) {
      const rows = sampleEventRows(now);
      const firstStart = Math.min(...rows.map((row) => row.startsAt.getTime()));
      expect(rows.length, now.toISOString()).toBe(6);
      expect(firstStart, `seeded at ${now.toISOString()}`).toBeGreaterThan(now.getTime());
      // …and no later than needed: the season starts within a year.
      expect(firstStart - now.getTime(), `seeded at ${now.toISOString()}`).toBeLessThanOrEqual(366 * 24 * 3_600_000);
    }
  });
});
