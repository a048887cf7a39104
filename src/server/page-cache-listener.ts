import pg from "pg";
import { log } from "@/lib/log";
import { VISITORS_NOTIFICATION } from "@/lib/public-pages";
import { parsePageGroup, type PageCache } from "./page-cache";
import type { PersonalPages } from "./personal-pages";

/** The channel the database's triggers notify on (drizzle/0024_page-cache-triggers.sql). */
export const PAGE_CACHE_CHANNEL = "page_cache";
const RECONNECT_DELAY_MS = 1_000;

export interface PageChangeListener {
  /** Resolves once the first LISTEN is in place (or never, while the database does not answer). */
  listening: Promise<void>;
  stop: () => Promise<void>;
}

/** Closes a connection we no longer use; an error it reports afterwards must not stop the process. */
async function retire(client: pg.Client | undefined): Promise<void> {
  if (!client) return;
  client.removeAllListeners();
  client.on("error", () => {});
  await client.end().catch(() => {});
}

/**
 * Keeps the page cache true to the database: every committed change to a table a public page shows
 * is notified by a trigger, from whichever app server or script made it, and drops that group's
 * pages here; a change to an account, session, cart or membership drops the visitors' personal parts. While the connection is down no notification can arrive, so the cache is off until it
 * is back, and starts empty again.
 */
export function listenForPageChanges(connectionString: string, cache: PageCache, personal?: PersonalPages): PageChangeListener {
  const setEnabled = (enabled: boolean) => {
    cache.setEnabled(enabled);
    personal?.setEnabled(enabled);
  };
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let markListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  const lost = (error?: unknown) => {
    setEnabled(false);
    void retire(client);
    client = undefined;
    if (stopped) return;
    if (error) log.warn({ event: "page-cache.listener-lost", err: error }, "page cache off: the database connection for change notifications was lost");
    retry = setTimeout(connect, RECONNECT_DELAY_MS);
  };

  const connect = () => {
    retry = undefined;
    const next = new pg.Client({ connectionString, application_name: "page-cache-listener" });
    client = next;
    next.on("error", lost);
    next.on("end", () => client === next && lost(new Error("connection ended")));
    next.on("notification", (message) => {
      const group = parsePageGroup(message.payload);
      if (group) cache.invalidate([group]);
      else if (message.payload === VISITORS_NOTIFICATION) personal?.invalidate();
      else {
        cache.clear();
        personal?.invalidate();
      }
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${PAGE_CACHE_CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        // Changes made while nobody listened are unknown: start from nothing.
        cache.clear();
        personal?.invalidate();
        setEnabled(true);
        markListening();
        log.info({ event: "page-cache.listening" }, "page cache on");
      })
      .catch((error: unknown) => client === next && lost(error));
  };

  connect();
  return {
    listening,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      setEnabled(false);
      const current = client;
      client = undefined;
      await retire(current);
    },
  };
}
