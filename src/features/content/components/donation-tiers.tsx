const tiers = [
  {
    amount: 25,
    title: "Gear up a first-timer",
    body: "Eye and ear protection and a range-safety handbook for a new shooter in Firearms Safety Fundamentals.",
  },
  {
    amount: 50,
    title: "A month of team PT",
    body: "Coaching, equipment upkeep and cold water for a veteran getting back into fitness at Community PT.",
  },
  {
    amount: 100,
    title: "A seat on the range",
    body: "Range fees and ammunition so a veteran or military spouse can take a full-day course at no cost.",
  },
  {
    amount: 250,
    title: "A full scholarship",
    body: "An 8-week Foundations of Strength course, start to finish, for a veteran who could not otherwise join.",
  },
] as const;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** What typical gifts pay for, as four impact tiers. */
export function DonationTiers() {
  return (
    <section aria-labelledby="gift-impact" className="container-page py-16">
      <h2 id="gift-impact" className="text-3xl font-bold tracking-tight">What your gift funds</h2>
      <p className="mt-3 max-w-2xl text-navy-800">
        Examples based on what our programs typically cost to run. Every gift goes to the programs where it is needed most.
      </p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {tiers.map((tier) => (
          <li key={tier.amount} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10">
            <p className="text-4xl font-extrabold tracking-tight text-olive-700">{usd.format(tier.amount)}</p>
            <h3 className="mt-3 text-lg font-bold">{tier.title}</h3>
            <p className="mt-2 text-navy-800">{tier.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
