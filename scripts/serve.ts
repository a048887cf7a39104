/**
 * The production web server that `npm start` runs: Next.js behind our HTTP front (src/server/front.ts),
 * which takes the client address from the socket, adds the security headers, refuses bad requests, answers
 * public pages from the page cache while the database's change notifications reach it (filled with a
 * member's or shopper's personal parts for them), and
 * answers a failed page with the site's own static "We'll be right back" page (503 when the database
 * does not answer).
 * SIGTERM/SIGINT stop taking connections and let the requests under way finish.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { getFrontEnv } from "../src/lib/env";
import { log } from "../src/lib/log";
import { trustedProxyList } from "../src/server/client-address";
import { createDatabaseProbe } from "../src/server/database-probe";
import { createFront, refuseTunnel } from "../src/server/front";
import { createPageCache } from "../src/server/page-cache";
import { createPersonalPages } from "../src/server/personal-pages";
import { createPartsFetch } from "../src/server/parts-fetch";
import { createShellFetch } from "../src/server/shell-fetch";
import { actionIdsOf, createSessionLookup, type UploadRoute } from "../src/server/upload-access";
import { listenForPageChanges } from "../src/server/page-cache-listener";

const MB = 1024 * 1024;
/**
 * A page not begun after this long while the database does not answer gets the 503 page (with a failed
 * form's entries to send again): the probe's second on top keeps it within about four seconds.
 */
const PAGE_DEADLINE_MS = 3_000;
/** Forms and JSON are tiny; server actions refuse more than 1 MB too. */
const MAX_BODY_BYTES = MB;

/**
 * The forms that take files. The staff catalog and the leadership profiles take pictures of up to 10
 * MB (src/lib/images); their forms may carry up to 25 MB so that a larger picture still reaches the
 * form, which says next to the field what is wrong. A member's service document (at most 10 MB,
 * src/features/verification): a 30 MB phone photo still reaches the form and its message. Only these
 * actions, sent by a signed-in member or staff with the right role, get more than MAX_BODY_BYTES
 * (src/server/upload-access.ts). Next's own limit for server actions (next.config.ts) sits just above.
 * The staff's CSV imports take files of up to 5 MB (src/lib/csv-import): 8 MB still reach the form and
 * its message. The first route whose prefix matches a path applies, so the imports come before the
 * catalog's pictures.
 */
function uploadRoutes(distDir: string): UploadRoute[] {
  const actions = (file: string, ...names: string[]) => actionIdsOf(distDir, names.map((name) => ({ file, name })));
  return [
    {
      pathPrefix: "/admin/members/import",
      maxBodyBytes: 8 * MB,
      actionIds: actions("src/features/members/staff/members-import.staff-actions.ts", "uploadMembersCsvAction"),
      allowed: { member: ["update"] },
    },
    {
      pathPrefix: "/admin/catalog/import",
      maxBodyBytes: 8 * MB,
      actionIds: actions("src/features/catalog/staff/catalog-import.staff-actions.ts", "uploadProductsCsvAction"),
      allowed: { catalog: ["update"] },
    },
    {
      pathPrefix: "/admin/newsletter/subscribers/import",
      maxBodyBytes: 8 * MB,
      actionIds: actions("src/features/newsletter/staff/subscribers-import.staff-actions.ts", "uploadSubscribersCsvAction"),
      allowed: { newsletter: ["send"] },
    },
    {
      pathPrefix: "/admin/catalog",
      maxBodyBytes: 25 * MB,
      actionIds: actions("src/features/catalog/staff/catalog.staff-actions.ts", "createProductAction", "updateProductAction"),
      allowed: { catalog: ["update"] },
    },
    {
      pathPrefix: "/admin/content/leaders",
      maxBodyBytes: 25 * MB,
      actionIds: actions("src/features/content/staff/content.staff-actions.ts", "saveLeaderAction"),
      allowed: { content: ["update"] },
    },
    {
      pathPrefix: "/profile/verification",
      maxBodyBytes: 32 * MB,
      actionIds: actions("src/features/verification/verification.actions.ts", "requestVerificationAction"),
      allowed: "member",
    },
  ];
}

/** The 404 page `next build` prerendered (app/not-found.tsx), sent for every page that ends in a 404. */
function prerenderedNotFoundPage(distDir: string): string | undefined {
  const file = path.resolve(distDir, "server", "app", "_not-found.html");
  if (existsSync(file)) return readFileSync(file, "utf8");
  log.warn({ event: "front.no-prerendered-404", file }, "no prerendered 404 page: pages that call notFound() stay blank without JavaScript");
  return undefined;
}

async function main(): Promise<void> {
  const env = getFrontEnv();
  const app = next({ dev: false, dir: process.cwd(), hostname: env.host, port: env.port });
  await app.prepare();
  const probe = env.databaseUrl ? createDatabaseProbe(env.databaseUrl) : undefined;
  const pageCache = createPageCache();
  const personalPages = createPersonalPages({ pageCache, fetchShell: createShellFetch(), fetchParts: createPartsFetch() });
  const pageChanges = env.databaseUrl ? listenForPageChanges(env.databaseUrl, pageCache, personalPages) : undefined;
  const sessions = env.databaseUrl ? createSessionLookup(env.databaseUrl) : undefined;
  const front = createFront(app.getRequestHandler(), {
    siteUrl: env.siteUrl,
    formRedirectOrigins: env.formRedirectOrigins,
    trustedProxies: trustedProxyList(env.trustedProxies),
    maxBodyBytes: MAX_BODY_BYTES,
    uploadLimits: uploadRoutes(env.distDir),
    sessionLookup: sessions?.lookup,
    databaseReachable: probe?.reachable,
    notFoundPage: prerenderedNotFoundPage(env.distDir),
    pageCache,
    personalPages,
    pageDeadlineMs: PAGE_DEADLINE_MS,
  });
  const server = createServer(front);
  server.on("connect", refuseTunnel);
  server.listen(env.port, env.host, () => log.info({ port: env.port, host: env.host }, "web server listening"));

  const stop = () => {
    log.info("web server stopping");
    void pageChanges?.stop();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, "web server could not start");
  process.exit(1);
});
