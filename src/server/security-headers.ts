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
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  };
  if (options.siteUrl.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/**
 * Pages that show everyone the same public content, and the cart and donation forms, where nobody types a
 * password or a card number (the card goes to Stripe's own page). Every other path (sign-in, sign-up,
 * password reset, the profile, checkout, orders, personal links from e-mails, the staff area, the API)
 * opens with Cross-Origin-Opener-Policy. A new page gets it unless it is added here.
 */
const PUBLIC_READING_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/(about|contact|privacy|terms|refund|donate)$/,
  /^\/training(\/[a-z0-9-]+)?$/,
  /^\/shop(\/(?!checkout$)[a-z0-9-]+)?$/,
  /^\/calendar(\/[a-z0-9-]+)?$/,
];

/**
 * `same-origin` puts the page in a browsing context group of its own: a window of another site that opened
 * it loses its handle, so it can neither send the sign-in or account window elsewhere nor probe it. The
 * price is a fresh renderer process whenever a visitor arrives from a page without the header (Lighthouse
 * measures ≈ 0.2 s more main-thread work on a throttled phone; Android also gives such a site a process of
 * its own), so public reading pages go without it (docs/decisions/0015-http-front-and-csp.md).
 */
export function crossOriginOpenerPolicy(url: string): "same-origin" | undefined {
  const path = url.split("?", 1)[0]!;
  return PUBLIC_READING_PAGES.some((page) => page.test(path)) ? undefined : "same-origin";
}
