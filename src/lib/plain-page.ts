import { escapeHtml } from "./email/escape-html";
import { site } from "./site";

/**
 * A whole page as static HTML (no script, no stylesheet), for answers that do not come from a page of
 * the app: refusals by the HTTP front and refused no-JavaScript posts to routes. `link.href` is a path
 * on this site.
 */
export function plainPage({ title, message, link }: { title: string; message: string; link?: { href: string; label: string } }): string {
  const back = link && link.href.startsWith("/") && !link.href.startsWith("//") ? link : { href: "/", label: "Go to the home page" };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></main></body></html>`;
}
