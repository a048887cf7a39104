import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedGroupsOf, PAGE_GROUP_TABLES, PUBLIC_PAGES, VISITOR_TABLES, VISITORS_NOTIFICATION, type PageGroup } from "@/lib/public-pages";
import { PAGE_CACHE_CHANNEL } from "./page-cache-listener";

/**
 * A cached page is dropped when the data it shows changes only because a trigger on each of its tables
 * notifies the page cache (drizzle/0024_page-cache-triggers.sql). Against this file's migrated database:
 * every table src/lib/public-pages.ts names for a cached page has its trigger, firing on every kind of
 * change, and the triggers notify exactly the groups the registry gives each table.
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

/** The groups each table is in, as the registry says ("visitors" for the tables of the personal parts). */
function groupsByTable(): Map<string, string[]> {
  const byTable = new Map<string, string[]>();
  for (const [group, tables] of Object.entries(PAGE_GROUP_TABLES) as [PageGroup, readonly string[]][]) {
    for (const table of tables) byTable.set(table, [...(byTable.get(table) ?? []), group]);
  }
  for (const table of VISITOR_TABLES) byTable.set(table, [...(byTable.get(table) ?? []), VISITORS_NOTIFICATION]);
  return byTable;
}

/** The page-cache triggers in the database: table → its definition. */
async function pageCacheTriggers(): Promise<Map<string, string>> {
  const { rows } = await db.query<{ table: string; definition: string }>(`
    select c.relname as table, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and p.proname = 'page_cache_notify'`);
  return new Map(rows.map((row) => [row.table, row.definition]));
}

/** The groups a table's trigger notifies when a statement changes it (one that changes no row will do). */
async function groupsNotifiedBy(table: string): Promise<string[]> {
  const { rows } = await db.query<{ column: string }>(
    "select column_name as column from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position limit 1",
    [table],
  );
  const column = pg.escapeIdentifier(rows[0]!.column);
  received.length = 0;
  await db.query(`update ${pg.escapeIdentifier(table)} set ${column} = ${column} where false`);
  await db.query("select pg_notify($1, 'done')", [PAGE_CACHE_CHANNEL]);
  const deadline = performance.now() + 3_000;
  while (!received.includes("done")) {
    if (performance.now() > deadline) throw new Error("no notification arrived");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return received.filter((payload) => payload !== "done").sort();
}

describe("the page cache's triggers", () => {
  for (const page of PUBLIC_PAGES) {
    const groups = cachedGroupsOf(page);
    if (!groups) continue;
    it(`${page.page}: every table it shows notifies its groups on every kind of change`, async () => {
      const triggers = await pageCacheTriggers();
      const byTable = groupsByTable();
      for (const group of groups) {
        for (const table of PAGE_GROUP_TABLES[group]) {
          const definition = triggers.get(table);
          expect(definition, `${table} (shown by ${page.page}) has no page_cache_notify trigger: add one in a migration`).toBeDefined();
          expect(definition, table).toMatch(/ AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON \S+ FOR EACH STATEMENT /);
          expect(await groupsNotifiedBy(table), table).toEqual([...byTable.get(table)!].sort());
        }
      }
    });
  }

  it("tell the front of every change to an account, a session, a cart or a membership, for the personal parts", async () => {
    const triggers = await pageCacheTriggers();
    for (const table of VISITOR_TABLES) {
      expect(triggers.get(table), table).toMatch(/ AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON \S+ FOR EACH STATEMENT /);
      expect(await groupsNotifiedBy(table), table).toEqual([VISITORS_NOTIFICATION]);
    }
  });

  it("are on the registry's tables only, each naming the registry's groups", async () => {
    const byTable = groupsByTable();
    const triggers = await pageCacheTriggers();
    const inDatabase = Object.fromEntries([...triggers].map(([table, definition]) => [table, /page_cache_notify\((.*)\)$/.exec(definition)?.[1]]));
    const inRegistry = Object.fromEntries([...byTable].map(([table, groups]) => [table, groups.map((group) => `'${group}'`).join(", ")]));
    expect(inDatabase).toEqual(inRegistry);
  });
});
