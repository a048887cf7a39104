/** A record's facts as a definition list: a term column and a value column from a small screen up. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-navy-900">{term}</dt>
          <dd className="min-w-0 text-navy-800 wrap-anywhere">{value ?? <span className="text-navy-700">Not given</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One row of a detail page's `<dl>`: the term in a fixed column beside its value (`wide` for longer terms). */
export function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "py-1.5 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3" : "py-1.5 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-3"}>
      <dt className="font-semibold">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
