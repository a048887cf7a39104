export interface TestimonialItem {
  id: number;
  quote: string;
  name: string;
  detail: string;
}

/** Member testimonials as figure/blockquote/figcaption cards. */
export function TestimonialList({ testimonials, title = "What our members say" }: { testimonials: TestimonialItem[]; title?: string }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials" className="py-16">
      <div className="container-page">
        <h2 id="testimonials" className="text-3xl font-bold tracking-tight">{title}</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.id} className="flex">
              <figure className="flex flex-1 flex-col rounded-xl border-t-4 border-gold-500 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="text-5xl font-black leading-none text-gold-500">“</span>
                <blockquote className="mt-1 flex-1 text-lg text-navy-900">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="mt-5 border-t border-navy-900/10 pt-4">
                  <span className="block font-bold">{t.name}</span>
                  <span className="block text-sm text-navy-700">{t.detail}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
