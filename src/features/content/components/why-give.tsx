import { site } from "@/lib/site";

const reasons = [
  {
    title: "No veteran trains alone",
    body: "Your gift keeps course fees low and funds scholarship seats, so cost is never the reason someone misses out on their team.",
  },
  {
    title: "Local and veteran-led",
    body: `Every program is planned and taught by veterans and military families across San Antonio, the Hill Country and Central Texas.`,
  },
  {
    title: "Families included",
    body: "Gifts support spouses and children too — family events, outdoor weekends and the volunteers who connect families with resources.",
  },
] as const;

/** Why giving matters, plus the association's tax-exempt status. */
export function WhyGive() {
  return (
    <section aria-labelledby="why-give" className="bg-sand-200/60 py-16">
      <div className="container-page">
        <h2 id="why-give" className="text-3xl font-bold tracking-tight">Why give</h2>
        <p className="mt-3 max-w-3xl text-navy-800">
          Since {site.foundedYear}, {site.name} has helped service members, veterans and their families find purpose,
          fitness and community after service. Member dues and course fees cover part of the cost; donors make up the rest.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason.title} className="rounded-xl border-l-4 border-olive-600 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-bold">{reason.title}</h3>
              <p className="mt-2 text-navy-800">{reason.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
