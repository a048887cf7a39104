/** The content staff pages' tests: the seeded rows they open, and an order that names a pickup location. */
import { query } from "./staff-db";


async function idOf(table: "faqs" | "leaders" | "training_locations", column: string, value: string): Promise<number> {
  const [row] = await query<{ id: number }>(`select id from ${table} where ${column} = $1`, [value]);
  if (!row) throw new Error(`no ${table} row with ${column} = ${value}`);
  return row.id;
}

/** Sample rows no test deletes: for pages that need a record to exist. */
export const sampleFaqId = () => idOf("faqs", "question", "Do I need to be a veteran to join?");
export const sampleLeaderId = () => idOf("leaders", "slug", "marcus-reed");
export const sampleLocationId = (name = "Liberty Range") => idOf("training_locations", "name", name);
export const SAMPLE_PROGRAM = "firearms";

export async function locationIdByName(name: string): Promise<number> {
  return idOf("training_locations", "name", name);
}

/** A guest's pay-at-pickup order collected at `locationId`, written directly (no stock is taken). */
export async function pickupOrderAt(locationId: number): Promise<void> {
  await query(
    `insert into orders (email, contact_name, phone, fulfilment, pickup_location_id, subtotal_cents, shipping_cents, total_cents, payment_method, idempotency_key)
     values ('guest-' || gen_random_uuid() || '@example.com', 'Dana Reyes', '210 555 0100', 'pickup', $1, 0, 0, 0, 'pay_later', gen_random_uuid()::text)`,
    [locationId],
  );
}

/** The contact details row as it stands, to put it back after a test changed it (null: never saved). */
export async function siteContactRow(): Promise<Record<string, unknown> | null> {
  const [row] = await query<Record<string, unknown>>(`select email, phone, phone_hours, street, city, region, postal_code from site_contact where id = 1`);
  return row ?? null;
}

export async function restoreSiteContact(row: Record<string, unknown> | null): Promise<void> {
  if (!row) {
    await query(`delete from site_contact where id = 1`);
    return;
  }
  await query(
    `update site_contact set email = $1, phone = $2, phone_hours = $3, street = $4, city = $5, region = $6, postal_code = $7 where id = 1`,
    [row.email, row.phone, row.phone_hours, row.street, row.city, row.region, row.postal_code],
  );
}
