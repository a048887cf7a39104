/**
 * `npm run test:servers`: builds when the sources changed and starts every test server
 * (e2e/servers.ts) until Ctrl+C, so `npx playwright test …` runs against them at once instead of
 * starting its own (it reuses running servers outside CI).
 */
import { testServers } from "../e2e/servers";
import { startTestServers } from "./lib/test-servers";

const servers = await startTestServers(testServers, {});
console.log("[servers] all up; Ctrl+C stops them");
const stop = () => void servers.stop().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
