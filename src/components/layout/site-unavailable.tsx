import { site } from "@/lib/site";

/**
 * What a visitor sees when the site's own layout cannot be rendered (the database is down, say): the
 * association's name, what happened, and ways forward that need no server, in plain markup.
 */
export function SiteUnavailable({ onRetry }: { onRetry?: () => void }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-navy-900 px-6 py-16 text-white">
      <div className="max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">{site.name}</p>
        <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">We&apos;ll be right back</h1>
        <p className="mt-4 text-lg text-white/85">
          The site can&apos;t load this page right now. Nothing you saved is lost. Please try again in a few minutes.
        </p>
        <p className="mt-3 text-white/85">
          Need us now? E-mail <a className="font-semibold text-gold-400 underline" href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {onRetry && (
            <button type="button" onClick={onRetry} className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-navy-900 hover:bg-gold-400">
              Try again
            </button>
          )}
          {/* A full page load on purpose: the client router may be what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="rounded-md border border-white/60 px-5 py-3 font-semibold hover:bg-white/10">
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}
