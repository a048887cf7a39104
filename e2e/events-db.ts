/**
 * Direct access to the e2e server's database for the event journeys. A journey that takes seats
 * registers for an event of its own, made here with a unique title (one per test, per project and
 * per repeat), so no other test, and not the same test in the other project, ever shares its seats.
 * Events made here are dated after the sample season, so the home page's next three and the first
 * six calendar cards stay the seed's; their titles end in a marker (TEST_MADE) that the calendar
 * spec uses to tell them from the seed's.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { E2E_CLOCK_START, E2E_SEASON_YEAR } from "./clock";
import { e2eDatabaseUrl } from "./e2e-database";

/** How the title of an event (or product) made by a test ends: " e2e-" and 8 hex digits. */
export const TEST_MADE = /\se2e-[0-9a-f]{8}$/;
/** The same marker anywhere in a text (a card's whole text, say). */
export const TEST_MADE_MARK = /\be2e-[0-9a-f]{8}\b/;

/** A unique title ending in the TEST_MADE marker. */
export function testMadeTitle(label: string): string {
  return `${label} e2e-${randomUUID().slice(0, 8)}`;
}

/** The file name (and slug) the site derives from a title: "Ruck Clinic e2e-1a2b3c4d" → "ruck-clinic-e2e-1a2b3c4d". */
export function kebab(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function eventIdBySlug(slug: string): Promise<number> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: number }>("select id from events where slug = $1", [slug]);
    if (!rows[0]) throw new Error(`No event with slug ${slug}`);
    return rows[0].id;
  });
}

export interface TestEvent {
  id: number;
  slug: string;
  title: string;
  capacity: number;
}

/**
 * An upcoming community event of the test's own (September of the season year, after the seed's
 * six), with `taken` of its `capacity` seats held by stand-in members.
 */
export async function createEvent(label: string, { capacity, taken = 0 }: { capacity: number; taken?: number }): Promise<TestEvent> {
  const title = testMadeTitle(label);
  const slug = kebab(title);
  return withClient(async (client) => {
    await client.query("begin");
    try {
      const { rows } = await client.query<{ id: number }>(
        `insert into events (slug, title, category, description, instructor, location, starts_at, ends_at, capacity, seats_taken)
         values ($1, $2, 'community', 'An event made by a browser test.', 'Tom Brennan', 'Austin Community Hall, Austin, TX',
                 $3::timestamptz, $3::timestamptz + interval '3 hours', $4, $5)
         returning id`,
        [slug, title, `${E2E_SEASON_YEAR}-09-12T14:00:00Z`, capacity, taken],
      );
      const id = rows[0]!.id;
      for (let i = 0; i < taken; i++) {
        const userId = randomUUID();
        await client.query(`insert into "user" (id, name, email) values ($1, '', $2)`, [userId, `stand-in-${userId}@example.com`]);
        await client.query("insert into event_registrations (event_id, user_id, status, confirmed_at) values ($1, $2, 'confirmed', $3)", [
          id,
          userId,
          E2E_CLOCK_START,
        ]);
      }
      await client.query("commit");
      return { id, slug, title, capacity };
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  });
}

/** A finished event of the test's own (the day before the site's clock started). */
export async function createPastEvent(label: string): Promise<{ id: number; title: string }> {
  const title = testMadeTitle(label);
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into events (slug, title, category, description, instructor, location, starts_at, ends_at, capacity)
       values ($1, $2, 'community', 'A gathering that has already happened.', 'Tom Brennan', 'Austin Community Hall, Austin, TX',
               $3::timestamptz - interval '30 hours', $3::timestamptz - interval '27 hours', 30)
       returning id`,
      [kebab(title), title, E2E_CLOCK_START],
    );
    return { id: rows[0]!.id, title };
  });
}

/** Records that the member with this email attended an event (a registration in the past). */
export async function addConfirmedRegistration(eventId: number, email: string): Promise<void> {
  await withClient(async (client) => {
    await client.query(
      `with added as (
         insert into event_registrations (event_id, user_id, status, confirmed_at)
         select $1, id, 'confirmed', $3::timestamptz - interval '3 days' from "user" where email = $2
         on conflict (event_id, user_id) do nothing
         returning event_id
       )
       update events set seats_taken = seats_taken + 1 where id in (select event_id from added)`,
      [eventId, email, E2E_CLOCK_START],
    );
  });
}

/** Every event's id, smallest first. */
export async function eventIds(): Promise<number[]> {
  return withClient(async (client) => (await client.query<{ id: number }>("select id from events order by id")).rows.map((r) => r.id));
}

export interface DoorAttendee {
  name: string;
  email: string;
  registrationId: number;
}

/**
 * An upcoming event of the test's own (September of the season year, like createEvent's), with a
 * confirmed seat for each named person (a stand-in account with that name) and, after them, a
 * waitlist place for each name in `waiting`.
 */
export async function createDoorEvent(
  label: string,
  { attendees, waiting = [], capacity = attendees.length }: { attendees: string[]; waiting?: string[]; capacity?: number },
): Promise<{ id: number; title: string; attendees: DoorAttendee[]; waiting: DoorAttendee[] }> {
  const title = testMadeTitle(label);
  return withClient(async (client) => {
    await client.query("begin");
    try {
      const { rows } = await client.query<{ id: number }>(
        `insert into events (slug, title, category, description, instructor, location, starts_at, ends_at, capacity, seats_taken)
         values ($1, $2, 'community', 'An event made by a browser test.', 'Tom Brennan', 'Austin Community Hall, Austin, TX',
                 $3::timestamptz, $3::timestamptz + interval '3 hours', $4, $5)
         returning id`,
        [kebab(title), title, `${E2E_SEASON_YEAR}-09-19T14:00:00Z`, capacity, attendees.length],
      );
      const id = rows[0]!.id;
      const add = async (name: string, status: "confirmed" | "waitlisted"): Promise<DoorAttendee> => {
        const userId = randomUUID();
        const email = `door-${userId.slice(0, 8)}@example.com`;
        await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [userId, name, email]);
        const { rows: added } = await client.query<{ id: number }>(
          status === "confirmed"
            ? "insert into event_registrations (event_id, user_id, status, confirmed_at) values ($1, $2, 'confirmed', $3) returning id"
            : "insert into event_registrations (event_id, user_id, status, waitlist_seq) values ($1, $2, 'waitlisted', nextval('event_waitlist_seq')) returning id",
          status === "confirmed" ? [id, userId, E2E_CLOCK_START] : [id, userId],
        );
        return { name, email, registrationId: added[0]!.id };
      };
      const seated: DoorAttendee[] = [];
      for (const name of attendees) seated.push(await add(name, "confirmed"));
      const queued: DoorAttendee[] = [];
      for (const name of waiting) queued.push(await add(name, "waitlisted"));
      await client.query("commit");
      return { id, title, attendees: seated, waiting: queued };
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  });
}

/** What the desk changed on an event row. */
export async function eventRow(
  id: number,
): Promise<{ id: number; title: string; location: string; instructor: string; capacity: number | null; seats_taken: number; starts_at: Date; cancelled_at: Date | null; sequence: number }> {
  return withClient(async (client) => {
    const { rows } = await client.query("select id, title, location, instructor, capacity, seats_taken, starts_at, cancelled_at, sequence from events where id = $1", [id]);
    if (!rows[0]) throw new Error(`No event ${id}`);
    return rows[0];
  });
}

export async function registrationStatus(registrationId: number): Promise<{ status: string; checked_in_at: Date | null }> {
  return withClient(async (client) => {
    const { rows } = await client.query("select status, checked_in_at from event_registrations where id = $1", [registrationId]);
    return rows[0];
  });
}

/** The id of the event a test made through the desk, by its (unique) title. */
export async function eventIdByTitle(title: string): Promise<number> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: number }>("select id from events where title = $1", [title]);
    if (!rows[0]) throw new Error(`No event titled ${title}`);
    return rows[0].id;
  });
}

/**
 * Who may register for a test's event and from when (ADR 0019): registration opens to everyone at
 * `opensAt` (null: now), `priorityDays` earlier to Premium and Elite, for the plans `eligibility` names.
 */
export async function setRegistrationWindow(
  id: number,
  { opensAt = null, priorityDays = null, eligibility = "everyone" }: { opensAt?: Date | null; priorityDays?: number | null; eligibility?: "everyone" | "members" | "elite" },
): Promise<void> {
  await withClient((client) =>
    client.query("update events set registration_opens_at = $2, priority_days = $3, eligibility = $4 where id = $1", [id, opensAt, priorityDays, eligibility]),
  );
}

export async function registrationWindowOf(id: number): Promise<{ registration_opens_at: Date | null; priority_days: number | null; eligibility: string }> {
  return withClient(async (client) => {
    const { rows } = await client.query("select registration_opens_at, priority_days, eligibility from events where id = $1", [id]);
    return rows[0];
  });
}

/** Gives the account with this email a paid plan that expires on `renewsOn`. */
export async function setPlanByEmail(email: string, plan: "premium" | "elite", renewsOn: Date): Promise<void> {
  await withClient((client) =>
    client.query(
      `insert into memberships (user_id, plan, started_at, renews_on)
       select id, $2, $3::timestamptz - interval '1 year', $3 from "user" where email = $1
       on conflict (user_id) do update set plan = excluded.plan, started_at = excluded.started_at, renews_on = excluded.renews_on`,
      [email, plan, renewsOn],
    ),
  );
}

/** Whether the account with this email holds a registration (of any status) for the event. */
export async function hasRegistration(eventId: number, email: string): Promise<boolean> {
  return withClient(async (client) => {
    const { rows } = await client.query(`select 1 from event_registrations r join "user" u on u.id = r.user_id where r.event_id = $1 and u.email = $2`, [eventId, email]);
    return rows.length > 0;
  });
}

/**
 * Runs `work` while a createDoorEvent event is in the door's check-in window (from two hours before it
 * starts until the end of its day in Chicago: src/features/events/check-in-window.ts), then puts it back
 * in September. Inside, it is the day's early event, 6–9 AM CDT on the day the site's clock starts, over
 * before the clock starts (so the calendar and the home page, which list events not yet over, still open
 * with the seed's) and open to the door until midnight CDT, 14 hours of running; moved back after, it
 * never crowds the calendar's twelve past events when a database serves many runs.
 */
export async function duringCheckIn<T>(eventId: number, work: () => Promise<T>): Promise<T> {
  await rescheduleEvent(eventId, new Date(Date.parse(E2E_CLOCK_START) - 4 * 3_600_000));
  try {
    return await work();
  } finally {
    await rescheduleEvent(eventId, new Date(`${E2E_SEASON_YEAR}-09-19T14:00:00Z`));
  }
}

/**
 * Moves a test's event to start at `startsAt`, keeping its length. Lists that show only the first
 * events by date (the door's "Later" list holds 100) fill up with createEvent's September events when
 * a database serves many runs; an August date of the season year keeps a test's event among the first,
 * after the seed's six (so the calendar and the home page still open with the seed's).
 */
export async function rescheduleEvent(id: number, startsAt: Date): Promise<void> {
  await withClient((client) =>
    client.query("update events set ends_at = $2::timestamptz + (ends_at - starts_at), starts_at = $2::timestamptz where id = $1", [id, startsAt]),
  );
}

/**
 * Moves a check-in's stamp by `ms` (negative: into the past). A test of the double-tap rule puts the
 * stamp close to the site's own clock, which runs on from CLOCK_START, without reading that clock.
 */
export async function shiftCheckIn(registrationId: number, ms: number): Promise<void> {
  await withClient((client) =>
    client.query("update event_registrations set checked_in_at = checked_in_at + ($2::int * interval '1 millisecond') where id = $1", [registrationId, Math.round(ms)]),
  );
}

/** Cancels a registration as its member would have, at `at` (the row's updated_at is the cancellation's time). */
export async function cancelRegistrationAt(registrationId: number, at: Date): Promise<void> {
  await withClient(async (client) => {
    await client.query("begin");
    await client.query("update event_registrations set status = 'cancelled', cancellation = 'member', updated_at = $2 where id = $1", [registrationId, at]);
    await client.query("update events set seats_taken = seats_taken - 1 where id = (select event_id from event_registrations where id = $1)", [registrationId]);
    await client.query("commit");
  });
}
