/**
 * `npm run staff -- <command>`: manage staff roles from the server's shell, for the first admin above
 * all (after that, admins manage roles in the staff area at /admin/staff).
 *
 *   npm run staff -- grant someone@example.org admin     roles: admin, staff, door
 *   npm run staff -- revoke someone@example.org          back to a member; their sessions end
 *   npm run staff -- list
 *
 * The person must already have an account (Register or Google sign-in). Every change is written to
 * the audit log as made by "npm run staff". Works on the database `npm start` uses (DATABASE_URL, or
 * the embedded one under ./data, running or not).
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { migrateAndSeed } from "../src/db/migrate";
import { schema } from "../src/db/schema";
import { endSessions, listStaff, setStaffRole } from "../src/features/staff/staff.service";
import { STAFF_ROLES, isStaffRole } from "../src/lib/access-control";
import { FormError } from "../src/lib/form-state";
import { openProjectDatabase } from "./lib/project-database";

const root = process.cwd();
const say = (message: string) => console.log(`[staff] ${message}`);
const COMMAND_LINE = { id: null, email: "npm run staff" };
const USAGE = `usage: npm run staff -- grant <email> <${STAFF_ROLES.join("|")}> | revoke <email> | list`;

async function run(args: string[], db: ReturnType<typeof drizzle<typeof schema>>): Promise<void> {
  const [command, email, role] = args;
  if (command === "list" && args.length === 1) {
    const staff = await listStaff(db);
    if (staff.length === 0) say("nobody has a staff role yet");
    for (const person of staff) say(`${person.role.padEnd(6)} ${person.email}`);
    return;
  }
  if (command === "grant" && email && isStaffRole(role) && args.length === 3) {
    const { before } = await setStaffRole(db, COMMAND_LINE, email, role);
    say(before === role ? `${email} already has the role ${role}` : `${email} now has the role ${role}`);
    return;
  }
  if (command === "revoke" && email && args.length === 2) {
    const { userId, before } = await setStaffRole(db, COMMAND_LINE, email, null);
    if (before === null) return say(`${email} has no staff role`);
    await endSessions(db, userId);
    say(`${email} is a member again (was ${before}); their sessions have ended`);
    return;
  }
  throw new FormError(USAGE);
}

async function main(): Promise<void> {
  const database = await openProjectDatabase(root, say);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on("error", () => {}); // an idle connection closed as the embedded server stops: nothing to do
  try {
    // A database that has never run the site gets its tables first (without the sample content).
    await migrateAndSeed(database.url, { seed: false });
    await run(process.argv.slice(2), drizzle(pool, { schema }));
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`[staff] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof FormError ? 2 : 1;
});
