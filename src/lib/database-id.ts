import { z } from "zod";

/** The largest value of PostgreSQL's `integer` (and `serial`), 2^31 − 1. */
export const POSTGRES_INTEGER_MAX = 2_147_483_647;

/**
 * A row id typed by a visitor (form field, URL segment, query parameter): a positive integer that fits
 * PostgreSQL's `integer`. A larger one would fail in the database as an error (a 500) instead of
 * simply matching nothing, so it is refused here like any other invalid id.
 */
export const databaseIdField = z.coerce.number().int().positive().max(POSTGRES_INTEGER_MAX);

/** The id in `value`, or undefined when it is not one `databaseIdField` accepts. */
export function parseDatabaseId(value: unknown): number | undefined {
  const parsed = databaseIdField.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
