/** A definition list, shared by the members pages and the e-mail log. */

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
