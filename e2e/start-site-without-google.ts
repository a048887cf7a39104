/**
 * A second e2e site with no Google credentials, on the same build and database as the first, so a
 * browser test can see what "Continue with Google" says on a server where Google is not configured.
 * Playwright starts its web servers in order, so the first one has built the site and created the
 * database by the time this runs.
 */
import { e2eDatabaseUrl } from "./e2e-database";

process.env.DATABASE_URL = e2eDatabaseUrl();
delete process.env.GOOGLE_CLIENT_ID;
delete process.env.GOOGLE_CLIENT_SECRET;
delete process.env.GOOGLE_DISCOVERY_URL;
await import("../scripts/start");
