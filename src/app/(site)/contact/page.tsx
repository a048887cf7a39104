import { getDb } from "@/db/client";
import Link from "@/components/ui/link";
import { PageHero } from "@/components/ui/page-hero";
import { ContactForm } from "@/features/contact/components/contact-form";
import { parseContactCategory } from "@/features/contact/contact.fields";
import { getSiteContact, listFaqs, listTrainingLocations } from "@/features/content/content.queries";
import { LocationMap } from "@/features/content/components/location-map";
import { pageMetadata } from "@/lib/metadata";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Contact",
  description: `Questions about training, membership, events or the shop? Write to the ${site.name}; we respond within 24 hours.`,
  path: "/contact",
});

export default async function ContactPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ category }, locations, faqs, contact] = await Promise.all([searchParams, listTrainingLocations(getDb()), listFaqs(getDb()), getSiteContact(getDb())]);

  return (
    <>
      <PageHero eyebrow="Contact" title="Get in Touch">
        <p>Questions about training, membership, events or an order? Send us a message. {site.responsePromise}</p>
      </PageHero>

      <div className="container-page grid gap-12 py-16 lg:grid-cols-3">
        <div className="space-y-10">
          <section aria-labelledby="contact-details">
            <h2 id="contact-details" className="text-2xl font-bold">
              Contact Details
            </h2>
            <dl className="mt-4 space-y-3">
              <div>
                <dt className="font-semibold">Email</dt>
                <dd>
                  <a href={`mailto:${contact.email}`} className="text-olive-700 underline">
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold">Phone</dt>
                <dd>
                  <a href={contact.phoneHref} className="text-olive-700 underline">
                    {contact.phone}
                  </a>
                  <span className="block text-sm text-navy-700">{contact.phoneHours}</span>
                </dd>
              </div>
              <div>
                <dt className="font-semibold">Headquarters</dt>
                <dd>
                  {contact.address.street}, {contact.address.city}, {contact.address.region} {contact.address.postalCode}
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="training-locations">
            <h2 id="training-locations" className="text-2xl font-bold">
              Training Locations
            </h2>
            <ul className="mt-4 space-y-4">
              {locations.map((location) => (
                <li key={location.id} className="rounded-lg bg-white p-4 shadow-sm">
                  <h3 className="font-semibold">{location.name}</h3>
                  <p className="text-navy-800">
                    {location.street}, {location.city}, {location.region} {location.postalCode}
                  </p>
                  <p className="mt-1 text-sm text-navy-700">{location.description}</p>
                  <LocationMap name={location.name} address={`${location.street}, ${location.city}, ${location.region} ${location.postalCode}`} />
                </li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="send-message" className="lg:col-span-2">
          <h2 id="send-message" className="mb-6 text-2xl font-bold">
            Send Us a Message
          </h2>
          <div className="rounded-xl bg-sand-200/60 p-6 sm:p-8">
            <ContactForm
              defaultCategory={parseContactCategory(category)}
              privacyLink={
                <Link href="/privacy" className="font-medium text-olive-700 underline">
                  privacy policy
                </Link>
              }
            />
          </div>
        </section>
      </div>

      <section aria-labelledby="faq-heading" className="bg-white py-16">
        <div className="container-page max-w-3xl">
          <h2 id="faq-heading" className="text-center text-3xl font-bold">
            Frequently Asked Questions
          </h2>
          <div className="mt-8 divide-y divide-navy-900/10 rounded-xl border border-navy-900/10">
            {faqs.map((faq) => (
              <details key={faq.id} className="group p-5">
                <summary className="cursor-pointer list-none font-semibold marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {faq.question}
                    <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 text-navy-800">{faq.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
