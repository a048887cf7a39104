/** The dark band every page opens with: it sits under the transparent header and holds the page's h1. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: React.ReactNode }) {
  return (
    <section className="bg-navy-900 pb-14 pt-28 text-white sm:pb-16 sm:pt-32">
      <div className="container-page max-w-4xl text-center">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-gold-400">{eyebrow}</p>}
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-5 max-w-2xl text-lg text-white/85">{children}</div>}
      </div>
    </section>
  );
}
