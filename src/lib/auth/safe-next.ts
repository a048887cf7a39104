/**
 * Where to send a member after signing in: a same-site path from `?next=`, or "/".
 * Only paths that start with a single "/" count: "//evil.example" and "/\evil.example" are
 * protocol-relative to browsers, and anything with a scheme or a control character is ignored.
 */
/** Where a new account lands when no page asked for it: the profile, welcoming them and saying what comes next. */
export const NEW_ACCOUNT_LANDING = "/profile?welcome=1";

export function safeNextPath(next: unknown, fallback = "/"): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil.example" becomes "//evil.example").
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  try {
    const url = new URL(next, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    // Check what the URL normalises to, not what was written: "/.//evil.example", "/a/..//evil.example"
    // and "/%2e//evil.example" all become "//evil.example", which a browser reads as another host.
    if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
