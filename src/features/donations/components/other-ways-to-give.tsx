import { ButtonLink } from "@/components/ui/button-link";
import type { ShownOrganization } from "@/lib/receipt-organization";

export interface GivingContact {
  legalName: string;
  address: { street: string; city: string; region: string; postalCode: string };
  phone: string;
  phoneHref: string;
  phoneHours: string;
}

/** Checks, the office desk, and time: ways to give besides the form. */
export function OtherWaysToGive({ contact, cardPayments }: { contact: GivingContact; cardPayments: boolean }) {
  const { street, city, region, postalCode } = contact.address;
  return (
    <section aria-labelledby="other-ways" className="bg-navy-900 py-16 text-white">
      <div className="container-page">
        <h2 id="other-ways" className="text-3xl font-bold tracking-tight">
          {cardPayments ? "Other ways to give" : "How to give"}
        </h2>
        {!cardPayments && (
          <p className="mt-3 max-w-3xl text-white/85">
            We take gifts by check or at our office. Pledge your gift with the form above and we email you a reference for
            the memo line; your receipt follows when the gift arrives.
          </p>
        )}
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          <li className="flex flex-col rounded-xl bg-white p-6 text-navy-900">
            <h3 className="text-xl font-bold">Mail a check</h3>
            <p className="mt-2 text-navy-800">
              Make your check payable to <strong>{contact.legalName}</strong> and mail it to:
            </p>
            <address className="mt-3 rounded-lg bg-sand-100 p-4 font-medium not-italic">
              {contact.legalName}
              <br />
              {street}
              <br />
              {city}, {region} {postalCode}
            </address>
            <p className="mt-3 text-sm text-navy-700">
              Pledge it with the form above first: we email you a reference for the memo line, and your receipt when the check arrives.
            </p>
          </li>
          <li className="flex flex-col rounded-xl bg-white p-6 text-navy-900">
            <h3 className="text-xl font-bold">Give at our office</h3>
            <p className="mt-2 flex-1 text-navy-800">
              Pledge your gift with the form above, then bring a check or cash to {street}, {city}. Call{" "}
              <a href={contact.phoneHref} className="font-medium underline">
                {contact.phone}
              </a>{" "}
              first ({contact.phoneHours}) so someone is there; your receipt follows by email.
            </p>
          </li>
          <li className="flex flex-col rounded-xl bg-white p-6 text-navy-900">
            <h3 className="text-xl font-bold">Give your time</h3>
            <p className="mt-2 flex-1 text-navy-800">
              Volunteers run our cookouts, coach at Saturday PT and help families find resources. An hour of your time matters
              as much as a check.
            </p>
            <ButtonLink href="/contact?category=volunteer" variant="secondary" className="mt-5 self-start">
              Volunteer with us
            </ButtonLink>
          </li>
        </ul>
      </div>
    </section>
  );
}

/** The 501(c)(3) note, with the legal name and EIN the receipts carry; samples are shown to staff only, marked. */
export function DonationTaxNote({ organization }: { organization: ShownOrganization }) {
  const { legalName, ein, samplesForStaff } = organization;
  return (
    <section aria-labelledby="tax-information" className="container-page py-16">
      <h2 id="tax-information" className="text-2xl font-bold tracking-tight">
        Tax information
      </h2>
      <p className="mt-3 max-w-3xl text-navy-800">
        {legalName} is a <span className="whitespace-nowrap">501(c)(3)</span> tax-exempt nonprofit organization
        {ein && (
          <>
            {" "}
            (EIN <span data-testid="ein">{ein}</span>)
          </>
        )}
        . Gifts are tax-deductible to the extent allowed by law. Every gift gets a receipt by email, with its receipt
        number, the date and the amount, stating that no goods or services were given in exchange.
      </p>
      {samplesForStaff.length > 0 && (
        <p data-testid="sample-organization" className="mt-4 max-w-3xl rounded-md border border-navy-700/40 bg-sand-100 p-4 text-navy-900">
          <strong>Shown to staff only:</strong> {samplesForStaff.join(" and ")} {samplesForStaff.length === 1 ? "holds" : "hold"} the development
          sample shown above. Visitors see the site&apos;s name instead of a sample legal name and no sample EIN, and a
          production start is refused until {samplesForStaff.length === 1 ? "it is" : "both are"} set.
        </p>
      )}
    </section>
  );
}
