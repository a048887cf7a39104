import type { Database } from "@/db/client";

/**
 * What other features do when something happens to an account. Identity knows nothing of carts,
 * orders or events: those features register their hooks at start-up (src/account-hooks.ts, called from
 * src/instrumentation.ts) and better-auth's callbacks run whatever is registered.
 */
export interface AccountHooks {
  /** A session began (any sign-in, a sign-up that signs in): e.g. the visitor's cart joins the member's. */
  sessionStarted: (db: Database, userId: string, cookieHeader: string | null | undefined) => Promise<void>;
  /** An account was created; `emailVerified` says whether the address came proved (Google). */
  accountCreated: (db: Database, user: { id: string; email: string; emailVerified: boolean }) => Promise<void>;
  /** The member proved the mailbox (the confirmation link, a sign-in link): e.g. their guest orders join. */
  mailboxProved: (db: Database, user: { id: string; email: string }) => Promise<void>;
  /** The member is deleting the account (re-authenticated, before anything goes): e.g. their seats at events to come are given up. */
  accountDeleting: (db: Database, userId: string, now: Date) => Promise<void>;
}

export type AccountEvent = keyof AccountHooks;

type Registry = { [E in AccountEvent]: Map<string, AccountHooks[E]> };

// On globalThis: Next bundles instrumentation apart from the routes, so a module-level map would be two maps.
const KEY = Symbol.for("association.account-hooks");
const store = globalThis as unknown as { [KEY]?: Registry };

function registry(): Registry {
  store[KEY] ??= { sessionStarted: new Map(), accountCreated: new Map(), mailboxProved: new Map(), accountDeleting: new Map() };
  return store[KEY];
}

/** Registers `hook` for `event` under `name`; registering the same name again replaces it (no double runs). */
export function onAccountEvent<E extends AccountEvent>(event: E, name: string, hook: AccountHooks[E]): void {
  (registry()[event] as Map<string, AccountHooks[E]>).set(name, hook);
}

/** Runs every hook registered for `event`, one after the other, in the order they were registered. */
export async function runAccountHooks<E extends AccountEvent>(event: E, ...args: Parameters<AccountHooks[E]>): Promise<void> {
  for (const hook of registry()[event].values()) await (hook as (...a: Parameters<AccountHooks[E]>) => Promise<void>)(...args);
}
