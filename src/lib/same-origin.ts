import { siteUrl } from "@/lib/env";

/**
 * Whether a POST came from one of this site's own pages: its Origin names the site's address or the
 * host the request was sent to (a proxy's X-Forwarded-Host). Browsers send Origin on every POST; a
 * request without one passes unless `requireOrigin` (an endpoint only the site's own scripts call),
 * and the literal "null" (a sandboxed or privacy-hiding page) never does.
 */
export function sameOrigin(request: Request, { requireOrigin = false }: { requireOrigin?: boolean } = {}): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return false;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === null && !requireOrigin;
  try {
    const host = new URL(origin).host;
    return host === new URL(siteUrl()).host || host === (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  } catch {
    return false;
  }
}
