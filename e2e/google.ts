/** The Google stand-in of the browser tests (e2e/google-stand-in.ts) and how a test picks who signs in. */
import type { BrowserContext } from "@playwright/test";

export const GOOGLE_IDENTITY_COOKIE = "google-identity";

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  /** Answer like a visitor who cancels on Google's consent screen. */
  deny?: boolean;
}

/** Next to the e2e site's port (3200 → 3201), so side-by-side checkouts move both. */
export function googleStandInPort(): number {
  return Number(process.env.E2E_PORT ?? 3200) + 1;
}

export function googleStandInUrl(): string {
  return `http://127.0.0.1:${googleStandInPort()}`;
}

/** The second e2e site, on the same build and database but with no Google credentials. */
export function siteWithoutGoogleUrl(): string {
  return `http://localhost:${Number(process.env.E2E_PORT ?? 3200) + 2}`;
}

export function parseGoogleIdentity(value: string | undefined): GoogleIdentity | undefined {
  if (!value) return undefined;
  try {
    const identity = JSON.parse(value) as Partial<GoogleIdentity>;
    if (typeof identity.sub !== "string" || typeof identity.email !== "string") return undefined;
    return { sub: identity.sub, email: identity.email, name: identity.name ?? "", deny: identity.deny === true };
  } catch {
    return undefined;
  }
}

/** Whoever signs in with "Google" in this browser context from now on. */
export async function chooseGoogleAccount(context: BrowserContext, identity: GoogleIdentity): Promise<void> {
  await context.addCookies([
    { name: GOOGLE_IDENTITY_COOKIE, value: encodeURIComponent(JSON.stringify(identity)), url: googleStandInUrl() },
  ]);
}
