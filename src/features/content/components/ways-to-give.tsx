import { ButtonLink } from "@/components/ui/button-link";
import { site } from "@/lib/site";

/** Honest status of online giving, and the ways to give that work today. */
export function WaysToGive() {
  const { street, city, region, postalCode } = site.address;
  return (
    <div className="bg-navy-900 py-16 text-white">
      <div className="container-page">
        <section aria-labelledby="online-giving-status" className="rounded-xl border border-gold-500/60 bg-white/5 p-6">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Status</p>
          <h2 id="online-giving-status" className="mt-1 text-2xl font-bold">Online giving opens soon</h2>
          <p className="mt-2 max-w-3xl text-white/85">
            We are setting up secure online donations and will not take card details on this site until that work is finished.
            Until then, here is how you can give today.
          </p>
        </section>

        <section aria-labelledby="ways-to-give" className="mt-12">
          <h2 id="ways-to-give" className="text-3xl font-bold tracking-tight">Ways to give now</h2>
          <ol className="mt-8 grid gap-6 lg:grid-cols-3">
            <li className="flex flex-col rounded-xl bg-white p-6 text-navy-900">
              <h3 className="text-xl font-bold">Send us a message</h3>
              <p className="mt-2 flex-1 text-navy-800">
                Tell us how you would like to give — a one-time gift, a monthly pledge, a company match or an in-kind
                donation — and we will follow up personally. {site.responsePromise}
              </p>
              <ButtonLink href="/contact?category=donation" variant="secondary" className="mt-5 self-start">
                Contact us about a donation
              </ButtonLink>
            </li>
            <li className="flex flex-col rounded-xl bg-white p-6 text-navy-900">
              <h3 className="text-xl font-bold">Mail a check</h3>
              <p className="mt-2 text-navy-800">
                Make your check payable to <strong>{site.name}</strong> and mail it to:
              </p>
              <address className="mt-3 rounded-lg bg-sand-100 p-4 font-medium not-italic">
                {site.name}
                <br />
                {street}
                <br />
                {city}, {region} {postalCode}
              </address>
              <p className="mt-3 text-sm text-navy-700">Include a note with your e-mail address and we will send your receipt by e-mail.</p>
            </li>
            <li className="flex flex-col rounded-xl bg-white p-6 text-navy-900">
              <h3 className="text-xl font-bold">Give your time</h3>
              <p className="mt-2 flex-1 text-navy-800">
                Volunteers run our cookouts, coach at Saturday PT and help families find resources. An hour of your time
                matters as much as a check.
              </p>
              <ButtonLink href="/contact?category=volunteer" variant="secondary" className="mt-5 self-start">
                Volunteer with us
              </ButtonLink>
            </li>
          </ol>
        </section>
      </div>
    </div>
  );
}
