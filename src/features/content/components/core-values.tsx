import { Fragment } from "react";

export interface CoreValueItem {
  id: number;
  title: string;
  description: string;
}

/** "Brotherhood/Sisterhood" may wrap after the slash instead of running out of a narrow card. */
function breakableAtSlashes(title: string): React.ReactNode {
  const parts = title.split("/");
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** The association's four core values as a card grid on a dark band. */
export function CoreValues({ values }: { values: CoreValueItem[] }) {
  return (
    <section aria-labelledby="core-values" className="bg-navy-900 py-16 text-white">
      <div className="container-page">
        <h2 id="core-values" className="text-3xl font-bold tracking-tight">Our core values</h2>
        <p className="mt-3 max-w-2xl text-white/85">The standards we carried in uniform, and the ones we hold each other to today.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.id} className="rounded-xl border-t-4 border-gold-500 bg-white/5 p-6">
              <h3 className="break-words text-xl font-bold hyphens-auto">{breakableAtSlashes(value.title)}</h3>
              <p className="mt-2 text-white/85">{value.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
