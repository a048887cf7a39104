const principles = [
  {
    title: "Safety first, every time",
    body: "Every session opens with a safety brief and closes with a debrief. Our instructors hold current certifications, keep class sizes small, and will always stop a drill to get it right rather than get it fast.",
  },
  {
    title: "Meet people where they are",
    body: "Some members arrive straight from active duty; others have never held a firearm or run a mile. We scale every course to the person in front of us, without ego and without judgment.",
  },
  {
    title: "Train like a team",
    body: "Nobody trains alone here. Experienced members coach newer ones, we show up for each other's milestones, and the friendships made on the range and in the gym carry on long after class ends.",
  },
] as const;

/** How we train: three short principles on a dark band. */
export function TrainingPhilosophy() {
  return (
    <section aria-labelledby="training-philosophy" className="bg-navy-900 py-16 text-white">
      <div className="container-page">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Our philosophy</p>
        <h2 id="training-philosophy" className="mt-2 text-3xl font-bold tracking-tight">How we train</h2>
        <p className="mt-3 max-w-2xl text-white/85">
          Our instructors learned to train in the military. They kept the standards and the sense of purpose, and left the
          shouting behind.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {principles.map((p, i) => (
            <li key={p.title} className="rounded-xl border border-white/15 bg-white/5 p-6">
              <p aria-hidden="true" className="text-3xl font-extrabold text-gold-400">0{i + 1}</p>
              <h3 className="mt-3 text-xl font-bold">{p.title}</h3>
              <p className="mt-2 text-white/85">{p.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
