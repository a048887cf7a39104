import type { OutgoingHttpHeader } from "node:http";

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=/;
const EXPIRED = /;\s*(?:max-age=0\b|expires=thu, 01 jan 1970)/i;

/**
 * Whether an answer ends the browser's session: it clears better-auth's session cookie (signing out, an
 * account deleted). Such an answer also tells the browser to clear what the site stored on it
 * (`Clear-Site-Data: "storage"`): the door's attendee list and its queue, kept for use without signal,
 * must not stay on a phone that the next volunteer picks up.
 */
export function endsSession(setCookie: OutgoingHttpHeader | undefined): boolean {
  const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  return cookies.some((cookie) => SESSION_COOKIE.test(cookie) && (EXPIRED.test(cookie) || /^[^=]+=;/.test(cookie)));
}

export const CLEAR_SITE_STORAGE: [string, string] = ["Clear-Site-Data", '"storage"'];
