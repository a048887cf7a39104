import { site } from "@/lib/site";
import { siteUnavailable as t } from "@/lib/site-unavailable";

/**
 * What a visitor sees when the site's own layout cannot be rendered (the database is down, say): the
 * association's name, what happened, and ways forward that need no server, in plain markup. The words
 * are shared with the static page the HTTP front sends for a 5xx page (src/lib/site-unavailable.ts).
 */
export function SiteUnavailable({ onRetry }: { onRetry?: () => void }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-navy-900 px-6 py-16 text-white">
      <div className="max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">{site.name}</p>
        <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">{t.title}</h1>
        <p className="mt-4 text-lg text-white/85">{t.message}</p>
        <p className="mt-3 text-white/85">
          {t.contactLead} Call{" "}
          <a className="font-semibold text-gold-400 underline" href={site.phoneHref}>
            {site.phone}
          </a>{" "}
          ({site.phoneHours}) or email{" "}
          <a className="font-semibold text-gold-400 underline" href={`mailto:${site.email}`}>
            {site.email}
          </a>
          .
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {onRetry && (
            <button type="button" onClick={onRetry} className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-navy-900 hover:bg-gold-400">
              {t.retry}
            </button>
          )}
          {/* A full page load on purpose: the client router may be what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="rounded-md border border-white/60 px-5 py-3 font-semibold hover:bg-white/10">
            {t.home}
          </a>
        </div>
      </div>
    </main>
  );
}
