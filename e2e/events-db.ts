/**
 * Direct access to the e2e server's database for registration journeys: each test resets the one
 * seeded event it owns (per Playwright project, so desktop and phone never share one) and fills
 * seats with stand-in members, so it starts from a known state whatever ran before.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { E2E_CLOCK_START } from "./clock";
import { e2eDatabaseUrl } from "./e2e-database";

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

/** Empties the event's registrations and fills `taken` seats with stand-in members. */
export async function resetEventSeats(eventId: number, taken = 0): Promise<void> {
  await withClient(async (client) => {
    await client.query("begin");
    try {
      await client.query("select id from events where id = $1 for update", [eventId]);
      await client.query("delete from event_registrations where event_id = $1", [eventId]);
      for (let i = 0; i < taken; i++) {
        const id = randomUUID();
        await client.query(`insert into "user" (id, name, email) values ($1, '', $2)`, [id, `stand-in-${id}@example.com`]);
        await client.query(
          "insert into event_registrations (event_id, user_id, status, confirmed_at) values ($1, $2, 'confirmed', $3)",
          [eventId, id, E2E_CLOCK_START],
        );
      }
      await client.query("update events set seats_taken = $2 where id = $1", [eventId, taken]);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    }
  });
}

/** A finished event (the day before the site's clock started), created once per slug. */
export async function ensurePastEvent(slug: string, title: string): Promise<number> {
  return withClient(async (client) => {
    await client.query(
      `insert into events (slug, title, category, description, instructor, location, starts_at, ends_at, capacity)
       values ($1, $2, 'community', 'A gathering that has already happened.', 'Tom Brennan', 'Austin Community Hall, Austin, TX',
               $3::timestamptz - interval '30 hours', $3::timestamptz - interval '27 hours', 30)
       on conflict (slug) do nothing`,
      [slug, title, E2E_CLOCK_START],
    );
    const { rows } = await client.query<{ id: number }>("select id from events where slug = $1", [slug]);
    return rows[0]!.id;
  });
}

/** Records that the member with this e-mail attended an event (a registration in the past). */
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

export async function countEvents(): Promise<number> {
  return withClient(async (client) => Number((await client.query<{ n: string }>("select count(*) as n from events")).rows[0]!.n));
}
