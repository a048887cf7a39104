/** Small building blocks shared by the staff pages. */
import Link from "@/components/ui/link";

export function StaffPageHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-2 text-navy-700">{children}</div>}
    </div>
  );
}

export function Panel({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="text-lg font-bold text-navy-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A dashboard figure: the number large, what it counts beside it. */
export function Count({ value, label }: { value: number; label: string }) {
  return (
    <p className="mb-2">
      <span className="text-3xl font-bold text-navy-900">{value}</span> <span className="text-navy-700">{label}</span>
    </p>
  );
}

export function Notice({ tone, title, children }: { tone: "warning" | "info"; title: string; children: React.ReactNode }) {
  const colours = tone === "warning" ? "border-red-800 bg-red-50 text-red-900" : "border-navy-700/40 bg-sand-100 text-navy-900";
  return (
    <div role={tone === "warning" ? "alert" : "status"} className={`mb-6 rounded-md border-2 p-4 ${colours}`}>
      <p className="font-bold">{title}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

/**
 * A record's audit entries, newest first, ending with how the record began (e.g. "Placed by Dana").
 * `labels` names each audit action; an unknown action shows as it is stored.
 */
export function HistoryPanel<E extends { id: number; action: string; actorEmail: string; at: Date }>({
  entries,
  labels,
  origin,
  formatWhen,
  detail,
}: {
  entries: E[];
  labels: Record<string, string>;
  origin: { label: string; by: string; at: Date };
  formatWhen: (at: Date) => string;
  /** A line under an entry's label (how it was paid, the reason given), when the entry has one. */
  detail?: (entry: E) => string | undefined;
}) {
  const items = [
    ...entries.map((entry) => ({ key: String(entry.id), label: labels[entry.action] ?? entry.action, by: entry.actorEmail, at: entry.at, detail: detail?.(entry) })),
    { key: "origin", ...origin, detail: undefined },
  ];
  return (
    <Panel title="History" id="history-heading">
      <ol className="divide-y divide-navy-700/10">
        {items.map((item) => (
          <li key={item.key} className="py-2">
            <span className="font-semibold">{item.label}</span> by {item.by}
            {/* The spaces keep the lines apart where CSS does not apply (a text browser, a copy). */}
            {item.detail && <> <span className="block">{item.detail}</span></>}{" "}
            <span className="block text-sm text-navy-700">{formatWhen(item.at)}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** The link back to the page a desk page belongs to, above its heading. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mb-3">
      <Link href={href} className="font-semibold text-navy-900 underline underline-offset-2">
        ← {label}
      </Link>
    </p>
  );
}

/** The note a page shows after a redirect (a row deleted or made), read from ?done=. */
export function DoneNotice({ done, messages }: { done: string | string[] | undefined; messages: Record<string, string> }) {
  const message = typeof done === "string" ? messages[done] : undefined;
  if (!message) return null;
  return (
    <Notice tone="info" title="Done">
      {message}
    </Notice>
  );
}

/** Previous and next links under a staff list; `href` makes a page's address with the list's filters. */
export function Pagination({ href, page, pageCount }: { href: (page: number) => string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-4">
      {page > 1 && (
        <Link href={href(page - 1)} className="font-semibold underline underline-offset-2">
          Previous page
        </Link>
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link href={href(page + 1)} className="font-semibold underline underline-offset-2">
          Next page
        </Link>
      )}
    </nav>
  );
}
