/**
 * A third e2e site, on the same build and PostgreSQL server as the first, with Stripe keys pointing at
 * the local stand-in (playwright.config.ts sets them), so card payments can be tested end to end while
 * the main site keeps taking pay-at-pickup orders. It uses a database of its own (see e2e/stripe.ts),
 * created here and then migrated and seeded by scripts/start.ts. Playwright starts its web servers in
 * order, so the first one has built the site and started PostgreSQL by the time this runs.
 */
import pg from "pg";
import { e2eDatabaseUrl } from "./e2e-database";
import { siteWithStripeDatabaseUrl, STRIPE_SITE_DATABASE } from "./stripe";

const admin = new pg.Client({ connectionString: e2eDatabaseUrl("postgres") });
await admin.connect();
try {
  const exists = await admin.query("select 1 from pg_database where datname = $1", [STRIPE_SITE_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${STRIPE_SITE_DATABASE}`);
} finally {
  await admin.end();
}

process.env.DATABASE_URL = siteWithStripeDatabaseUrl();
delete process.env.GOOGLE_CLIENT_ID;
delete process.env.GOOGLE_CLIENT_SECRET;
delete process.env.GOOGLE_DISCOVERY_URL;
await import("../scripts/start");
