/** `npm run dev`: the same database setup as `npm start`, with the Next.js dev server. */
import { migrateAndSeed } from "../src/db/migrate";
import { startDatabase } from "./lib/database";
import { DataFolderInUseError } from "./lib/embedded-postgres";
import { nextCommand, superviseNext } from "./lib/supervise";

const say = (message: string) => console.log(`[dev] ${message}`);
const complain = (_fields: object, message: string) => console.error(`[dev] ${message}`);
const supervisorLog = { info: (_fields: object, message: string) => say(message), error: complain, fatal: complain };

async function main(): Promise<void> {
  const database = await startDatabase(process.cwd(), say);
  const supervisor = superviseNext(database, supervisorLog);
  try {
    await migrateAndSeed(database.url);
  } catch (error) {
    console.error(error);
    await supervisor.shutdown(1);
    return;
  }
  supervisor.run(nextCommand("dev", "-p", process.env.PORT ?? "3000"), {});
}

main().catch((error: unknown) => {
  console.error(error instanceof DataFolderInUseError ? `[dev] ${error.message}` : error);
  process.exit(1);
});
