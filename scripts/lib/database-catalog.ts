/** What backup and restore need to know about the application's tables, read from PostgreSQL's catalog. */
import type pg from "pg";

/** The schema the migrations create every table, type and sequence in. */
export const APP_SCHEMA = "public";

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(name: string): string {
  return `${quoteIdent(APP_SCHEMA)}.${quoteIdent(name)}`;
}

/**
 * The application's tables, each after every table it references, so rows can be inserted in this
 * order with every foreign key checked as it goes. A cycle between tables is refused: the schema has
 * none, and one would need deferred constraints this code does not handle.
 */
export async function tablesInDependencyOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    [APP_SCHEMA],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint k
     join pg_class child on child.oid = k.conrelid join pg_namespace n on n.oid = child.relnamespace
     join pg_class parent on parent.oid = k.confrelid
     where k.contype = 'f' and n.nspname = $1 and k.conrelid <> k.confrelid`,
    [APP_SCHEMA],
  );
  const parentsOf = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references) parentsOf.get(child)?.add(parent);

  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...parentsOf.keys()].filter((t) => !placed.has(t) && [...parentsOf.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among: ${[...parentsOf.keys()].filter((t) => !placed.has(t)).join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Columns a row can be inserted with: every column except generated ones, in table order. */
export async function insertableColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [qualified(table)],
  );
  return rows.map((r) => r.name);
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** Every sequence in the application schema (serial and identity columns) with its position. */
export async function readSequences(client: pg.ClientBase): Promise<SequenceState[]> {
  const { rows: names } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
    [APP_SCHEMA],
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(name)}`,
    );
    states.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return states;
}

/** The migrations drizzle has applied to this database, oldest first (none when it was never migrated). */
export async function appliedMigrations(client: pg.ClientBase): Promise<{ hash: string; createdAt: number }[]> {
  const { rows: exists } = await client.query(`select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'`);
  if (exists.length === 0) return [];
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    `select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}
