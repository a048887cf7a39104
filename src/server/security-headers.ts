import { publicPageOf } from "@/lib/public-pages";

/**
 * Headers on every response. The Content-Security-Policy has no nonce on purpose: a nonce changes per
 * request, so every page would have to be rendered per request and none could be served from the
 * cache (docs/decisions/0015-http-front-and-csp.md explains the trade-off).
 */
export interface SecurityHeaderOptions {
  siteUrl: string;
  /** Origins a no-JavaScript form may be redirected to after posting here (Google sign-in, Stripe Checkout). */
  formRedirectOrigins: readonly string[];
}

export function contentSecurityPolicy({ siteUrl, formRedirectOrigins }: SecurityHeaderOptions): string {
  const https = siteUrl.startsWith("https://");
  const directives = [
    "default-src 'self'",
    // Next.js streams each page's data in inline <script> tags; see the ADR for why not a nonce.
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    // The contact page's maps, each loaded only when the visitor presses "Show map".
    "frame-src https://www.google.com",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formRedirectOrigins].join(" ")}`,
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": permissionsPolicyWith("camera=()"),
  };
  if (options.siteUrl.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/**
 * `same-origin` puts the page in a browsing context group of its own: a window of another site that opened
 * it loses its handle, so it can neither send the sign-in or account window elsewhere nor probe it. The
 * price is a fresh renderer process whenever a visitor arrives from a page without the header (Lighthouse
 * measures ≈ 0.2 s more main-thread work on a throttled phone; Android also gives such a site a process of
 * its own), so the public pages go without it (docs/decisions/0015-http-front-and-csp.md). They are listed
 * in src/lib/public-pages.ts; every other path (sign-in, sign-up, password reset, the profile, checkout,
 * orders, personal links from emails, the staff area, the API) opens with it, and so does a new page
 * unless it is added there.
 */
export function crossOriginOpenerPolicy(url: string): "same-origin" | undefined {
  return publicPageOf(url) ? undefined : "same-origin";
}

/** An event's door page (/admin/check-in/12, with or without a query): it scans tickets with the camera. */
const DOOR_PAGE = /^\/admin\/check-in\/\d+\/?(?:\?|$)/;

/** What a page may use of the device: nothing, but the camera as given. */
function permissionsPolicyWith(camera: "camera=()" | "camera=(self)"): string {
  return `${camera}, microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()`;
}

/**
 * An event's door page may use the camera, for its own document only (the ticket scanner, issue 32);
 * undefined for every other page, which has the site's policy (no device at all) from securityHeaders.
 */
export function doorPermissionsPolicy(url: string): string | undefined {
  return DOOR_PAGE.test(url) ? permissionsPolicyWith("camera=(self)") : undefined;
}
