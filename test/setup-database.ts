/**
 * Runs before every test file, in its worker: replaces this worker's database with a fresh clone of
 * the seeded template and points DATABASE_URL at it before any module calls getDb().
 */
import { afterAll, inject } from "vitest";
import { registerAccountHooks } from "../src/account-hooks";
import { cloneTemplate, closeAppPool, workerDatabaseName } from "./clone-database";

const { adminUrl, template } = inject("testDatabase");

await closeAppPool(); // a pool left by an earlier file in this worker would hold the old database open
process.env.DATABASE_URL = await cloneTemplate(adminUrl, template, workerDatabaseName());

registerAccountHooks(); // as the server does at start-up (src/instrumentation.ts)
afterAll(closeAppPool);
