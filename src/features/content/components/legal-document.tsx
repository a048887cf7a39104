import { site } from "@/lib/site";
import { formatLongDate } from "@/lib/time";

/** Readable long-form layout for the policy pages: a measure-limited column with simple prose styles. */
const prose = [
  "text-navy-800 leading-relaxed",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-navy-900",
  "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-900",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_a]:font-medium [&_a]:text-navy-900 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-olive-700",
  "[&_strong]:font-semibold [&_strong]:text-navy-900",
].join(" ");

function formatDate(iso: string): string {
  return formatLongDate(new Date(`${iso}T00:00:00Z`), "UTC");
}

export function LegalDocument({ lastUpdated, summary, children }: { lastUpdated: string; summary: React.ReactNode; children: React.ReactNode }) {
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16">
      <p className="text-sm text-navy-700">
        Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
      </p>
      <div className="mt-6 rounded-xl border-l-4 border-gold-500 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-bold text-navy-900">The short version</h2>
        <div className="mt-2 text-navy-800 [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-5">{summary}</div>
      </div>
      <div className={prose}>{children}</div>
    </article>
  );
}

/** A small data table inside a policy (for example, refund windows). */
export function LegalTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <div className="mt-6 overflow-x-auto rounded-lg border border-navy-900/10 bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-900 text-white">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-900/10">
          {rows.map(([when, what]) => (
            <tr key={when}>
              <th scope="row" className="px-4 py-3 font-medium text-navy-900">{when}</th>
              <td className="px-4 py-3">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How to reach us about a policy: email, phone and postal address from the site facts. */
export function PolicyContact() {
  const { street, city, region, postalCode } = site.address;
  return (
    <address className="mt-4 not-italic">
      <strong>{site.name}</strong>
      <br />
      {street}, {city}, {region} {postalCode}
      <br />
      Email: <a href={`mailto:${site.email}`}>{site.email}</a>
      <br />
      Phone: <a href={site.phoneHref}>{site.phone}</a> ({site.phoneHours})
    </address>
  );
}
