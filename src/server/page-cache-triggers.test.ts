import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedGroupsOf, PAGE_GROUP_TABLES, PUBLIC_PAGES, tableOf, VISITOR_TABLES, VISITORS_NOTIFICATION, type PageGroup } from "@/lib/public-pages";
import { PAGE_CACHE_CHANNEL } from "./page-cache-listener";

/**
 * A cached page is dropped when the data it shows changes only because a trigger on each of its tables
 * notifies the page cache (drizzle/0024_page-cache-triggers.sql, 0034, 0035). Against this file's migrated
 * database: every table src/lib/public-pages.ts names for a cached page has its trigger, firing on every
 * kind of change, and the triggers notify exactly the groups the registry gives each table; a column the
 * registry names apart (`events.seats_taken`) notifies its own groups when it alone changes.
 */

let listener: pg.Client;
let db: pg.Client;
const received: string[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([listener.connect(), db.connect()]);
  listener.on("notification", (message) => received.push(message.payload ?? ""));
  await listener.query(`LISTEN ${PAGE_CACHE_CHANNEL}`);
});
afterAll(async () => {
  await Promise.all([listener.end(), db.end()]);
});

/**
 * The groups each table is in, as the registry says ("visitors" for the tables of the personal parts):
 * `whole` for any change, `columns` for an update of a column named apart alone.
 */
function groupsByTable(): Map<string, { whole: string[]; columns: Map<string, string[]> }> {
  const byTable = new Map<string, { whole: string[]; columns: Map<string, string[]> }>();
  const of = (table: string) => byTable.get(table) ?? byTable.set(table, { whole: [], columns: new Map() }).get(table)!;
  for (const [group, entries] of Object.entries(PAGE_GROUP_TABLES) as [PageGroup, readonly string[]][]) {
    for (const entry of entries) {
      const [table, column] = entry.split(".");
      const groups = of(table!);
      if (column) groups.columns.set(column, [...(groups.columns.get(column) ?? []), group]);
      else groups.whole.push(group);
    }
  }
  for (const table of VISITOR_TABLES) of(table).whole.push(VISITORS_NOTIFICATION);
  return byTable;
}

/** The page-cache triggers in the database: table → their definitions. */
async function pageCacheTriggers(): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table: string; definition: string }>(`
    select c.relname as table, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname = 'page_cache_notify'
    order by t.tgname`);
  const byTable = new Map<string, string[]>();
  for (const row of rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row.definition]);
  return byTable;
}

/** The groups notified when this statement commits. */
async function groupsNotifiedByStatement(statement: string): Promise<string[]> {
  received.length = 0;
  await db.query(statement);
  await db.query("select pg_notify($1, 'done')", [PAGE_CACHE_CHANNEL]);
  const deadline = performance.now() + 3_000;
  while (!received.includes("done")) {
    if (performance.now() > deadline) throw new Error("no notification arrived");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return received.filter((payload) => payload !== "done").sort();
}

/** The groups a table's triggers notify when a statement changes it (one that changes no row will do). */
async function groupsNotifiedBy(table: string): Promise<string[]> {
  const { rows } = await db.query<{ column: string }>(
    "select column_name as column from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position limit 1",
    [table],
  );
  const column = pg.escapeIdentifier(rows[0]!.column);
  const name = pg.escapeIdentifier(table);
  const deleted = await groupsNotifiedByStatement(`delete from ${name} where false`);
  const updated = await groupsNotifiedByStatement(`update ${name} set ${column} = ${column} where false`);
  return [...new Set([...deleted, ...updated])].sort();
}

/** For each table with a column named apart: a real change to one of its rows that leaves that column alone. */
const OTHER_COLUMN_CHANGE: Record<string, string> = {
  events: "update events set updated_at = updated_at + interval '1 second' where id = (select min(id) from events)",
};

describe("the page cache's triggers", () => {
  for (const page of PUBLIC_PAGES) {
    const groups = cachedGroupsOf(page);
    if (!groups) continue;
    it(`${page.page}: every table it shows notifies its groups on every kind of change`, async () => {
      const triggers = await pageCacheTriggers();
      const byTable = groupsByTable();
      for (const table of new Set(groups.flatMap((group) => PAGE_GROUP_TABLES[group].map(tableOf)))) {
        const definitions = triggers.get(table) ?? [];
        expect(definitions.length, `${table} (shown by ${page.page}) has no page_cache_notify trigger: add one in a migration`).toBeGreaterThan(0);
        const { whole, columns } = byTable.get(table)!;
        expect(await groupsNotifiedBy(table), table).toEqual([...whole].sort());
        if (columns.size === 0) {
          expect(definitions, table).toEqual([expect.stringMatching(/ AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON \S+ FOR EACH STATEMENT /)]);
          continue;
        }
        expect(definitions, table).toContainEqual(expect.stringMatching(/ AFTER INSERT OR DELETE OR TRUNCATE ON \S+ FOR EACH STATEMENT /));
        const otherChange = OTHER_COLUMN_CHANGE[table];
        expect(otherChange, `${table}: name a change to another column in OTHER_COLUMN_CHANGE`).toBeDefined();
        expect(await groupsNotifiedByStatement(otherChange!), `${table}: another column changed`).toEqual([...whole].sort());
        for (const [column, columnGroups] of columns) {
          const name = pg.escapeIdentifier(column);
          const alone = `update ${pg.escapeIdentifier(table)} set ${name} = ${name} where ctid = (select ctid from ${pg.escapeIdentifier(table)} limit 1)`;
          expect(await groupsNotifiedByStatement(alone), `${table}.${column} alone`).toEqual([...columnGroups].sort());
        }
      }
    });
  }

  it("tell the front of every change to an account, a session, a cart or a membership, for the personal parts", async () => {
    const triggers = await pageCacheTriggers();
    for (const table of VISITOR_TABLES) {
      const everyChange = / AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON \S+ FOR EACH STATEMENT /;
      if (table === "session") expect(triggers.get(table), table).toContainEqual(expect.stringMatching(/ AFTER INSERT OR DELETE OR TRUNCATE ON \S+ FOR EACH STATEMENT /));
      else expect(triggers.get(table), table).toEqual([expect.stringMatching(everyChange)]);
      expect(await groupsNotifiedBy(table), table).toEqual([VISITORS_NOTIFICATION]);
    }
  });

  it("leave a session's refresh alone, and tell of any other change to it", async () => {
    const id = `refresh-${randomUUID()}`;
    const moved = `update session set expires_at = expires_at + interval '1 hour', updated_at = now() where id = '${id}'`;
    expect(await groupsNotifiedByStatement(`insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('${id}', 'Refresh', '${id}@example.com', true, now(), now())`)).toEqual([VISITORS_NOTIFICATION]);
    expect(await groupsNotifiedByStatement(`insert into session (id, token, user_id, expires_at, created_at, updated_at) values ('${id}', '${id}', '${id}', now() + interval '1 day', now(), now())`)).toEqual([VISITORS_NOTIFICATION]);

    expect(await groupsNotifiedByStatement(moved), "refreshed").toEqual([]);
    expect(await groupsNotifiedByStatement(`update session set token = token || '-new' where id = '${id}'`), "another token").toEqual([VISITORS_NOTIFICATION]);
    expect(await groupsNotifiedByStatement(`update session set impersonated_by = '${id}', updated_at = now() where id = '${id}'`), "impersonated").toEqual([VISITORS_NOTIFICATION]);
    expect(await groupsNotifiedByStatement(`delete from session where id = '${id}'`), "deleted").toEqual([VISITORS_NOTIFICATION]);
    await db.query(`delete from "user" where id = $1`, [id]);
  });

  it("are on the registry's tables only, each naming the registry's groups", async () => {
    const triggers = await pageCacheTriggers();
    const named = (definitions: string[]) => [...new Set(definitions.flatMap((definition) => /page_cache_notify\((.*)\)$/.exec(definition)?.[1]?.split(", ") ?? []))].sort();
    const inDatabase = Object.fromEntries([...triggers].map(([table, definitions]) => [table, named(definitions)]));
    const inRegistry = Object.fromEntries(
      [...groupsByTable()].map(([table, { whole, columns }]) => [table, [...new Set([...whole, ...[...columns.values()].flat()])].map((group) => `'${group}'`).sort()]),
    );
    expect(inDatabase).toEqual(inRegistry);
  });
});
