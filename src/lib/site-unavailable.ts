import { escapeHtml } from "./email/escape-html";
import { site } from "./site";

/**
 * The words of the "temporarily unavailable" page, shared by the React error boundaries
 * (src/components/layout/site-unavailable.tsx) and the static page the HTTP front sends instead of any
 * 5xx HTML page (src/server/front.ts), so a visitor without JavaScript reads the same thing.
 */
export const siteUnavailable = {
  title: "We'll be right back",
  message: "The site can't load this page right now. Nothing you saved is lost. Please try again in a few minutes.",
  contactLead: "Need us now?",
  retry: "Try again",
  home: "Go to the home page",
} as const;

/**
 * The whole page as static HTML: no script, no stylesheet to fetch, nothing that needs the server that
 * just failed. `retryHref` is the address the visitor asked for (a path on this site).
 */
export function siteUnavailablePage({ retryHref }: { retryHref: string }): string {
  const href = retryHref.startsWith("/") && !retryHref.startsWith("//") ? retryHref : "/";
  const t = siteUnavailable;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} | ${escapeHtml(site.name)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0f1b2d;color:#fff;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
main{max-width:36rem;padding:4rem 1.5rem;text-align:center}
.name{font-size:.875rem;font-weight:600;text-transform:uppercase;letter-spacing:.1em;color:#d9b847}
h1{font-size:2rem;font-weight:800;margin:1rem 0 0}
p{color:rgba(255,255,255,.85)}
a{color:#d9b847;font-weight:600}
.actions a{display:inline-block;margin:.5rem .375rem 0;padding:.75rem 1.25rem;border-radius:.375rem;border:1px solid rgba(255,255,255,.6);color:#fff;text-decoration:none}
.actions a.primary{background:#c9a227;border-color:#c9a227;color:#0f1b2d}
a:focus-visible{outline:3px solid #c9a227;outline-offset:2px}
</style>
</head>
<body>
<main id="main">
<p class="name">${escapeHtml(site.name)}</p>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.message)}</p>
<p>${escapeHtml(t.contactLead)} Call <a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone)}</a> (${escapeHtml(site.phoneHours)}) or e-mail <a href="mailto:${escapeHtml(site.email)}">${escapeHtml(site.email)}</a>.</p>
<p class="actions"><a class="primary" href="${escapeHtml(href)}">${escapeHtml(t.retry)}</a><a href="/">${escapeHtml(t.home)}</a></p>
</main>
</body>
</html>
`;
}
