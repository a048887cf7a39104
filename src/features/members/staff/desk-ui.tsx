/** Small pieces shared by the members pages and the e-mail log: a date-time in the association's zone, a definition list. */

const dateTime = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
const dateOnly = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", month: "long", day: "numeric", year: "numeric" });

export function formatWhen(at: Date): string {
  return dateTime.format(at);
}

export function formatDay(at: Date): string {
  return dateOnly.format(at);
}

export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-navy-900">{term}</dt>
          <dd className="break-words text-navy-800">{value ?? <span className="text-navy-700">Not given</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
