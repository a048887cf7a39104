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
  resendTitle: "What you sent may not be saved",
  resendMessage: "Your entries are below, as you typed them: send them again in a few minutes. A password or a file has to be given again.",
  resend: "Send again",
} as const;

/** A field of a form whose post failed, offered back for sending again. */
export interface ResendField {
  name: string;
  value: string;
  /** hidden: the framework's own fields; password and file: given again, never echoed. */
  kind: "hidden" | "text" | "password" | "file";
}

export interface ResendForm {
  fields: readonly ResendField[];
}

/** A field name as a label: "1_serviceStatus" reads "Service status". */
function labelOf(name: string): string {
  const words = name.replace(/^\d+_/, "").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function resendField(field: ResendField, index: number): string {
  const name = escapeHtml(field.name);
  if (field.kind === "hidden") return `<input type="hidden" name="${name}" value="${escapeHtml(field.value)}">`;
  const id = `resend-${index}`;
  const label = `<label for="${id}">${escapeHtml(labelOf(field.name))}</label>`;
  if (field.kind === "password") return `<p>${label}<input type="password" id="${id}" name="${name}" autocomplete="current-password"></p>`;
  if (field.kind === "file") return `<p>${label}<input type="file" id="${id}" name="${name}"></p>`;
  if (!field.value.includes("\n") && field.value.length <= 200) return `<p>${label}<input type="text" id="${id}" name="${name}" value="${escapeHtml(field.value)}"></p>`;
  return `<p>${label}<textarea id="${id}" name="${name}" rows="6">${escapeHtml(field.value)}</textarea></p>`;
}

function resendSection(form: ResendForm, href: string): string {
  const t = siteUnavailable;
  return `<form method="post" action="${escapeHtml(href)}" enctype="multipart/form-data" class="resend">
<h2>${escapeHtml(t.resendTitle)}</h2>
<p>${escapeHtml(t.resendMessage)}</p>
${form.fields.map(resendField).join("\n")}
<p class="actions"><button type="submit">${escapeHtml(t.resend)}</button></p>
</form>`;
}

/**
 * The whole page as static HTML: no script, no stylesheet to fetch, nothing that needs the server that
 * just failed. `retryHref` is the address the visitor asked for (a path on this site).
 */
export function siteUnavailablePage({ retryHref, resend }: { retryHref: string; resend?: ResendForm }): string {
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
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #c9a227;outline-offset:2px}
.resend{text-align:left;margin-top:2rem}
.resend h2{font-size:1.25rem;margin:0}
.resend label{display:block;font-weight:600}
.resend input,.resend textarea{box-sizing:border-box;width:100%;padding:.5rem;border-radius:.375rem;border:1px solid #fff;font:inherit}
.resend button{padding:.75rem 1.25rem;border-radius:.375rem;border:0;background:#c9a227;color:#0f1b2d;font:inherit;font-weight:600;cursor:pointer}
</style>
</head>
<body>
<main id="main">
<p class="name">${escapeHtml(site.name)}</p>
<h1>${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.message)}</p>
<p>${escapeHtml(t.contactLead)} Call <a href="${escapeHtml(site.phoneHref)}">${escapeHtml(site.phone)}</a> (${escapeHtml(site.phoneHours)}) or email <a href="mailto:${escapeHtml(site.email)}">${escapeHtml(site.email)}</a>.</p>
<p class="actions"><a class="primary" href="${escapeHtml(href)}">${escapeHtml(t.retry)}</a><a href="/">${escapeHtml(t.home)}</a></p>
${resend ? resendSection(resend, href) : ""}
</main>
</body>
</html>
`;
}
