import { getDb } from "@/db/client";
import { buttonClasses } from "@/components/ui/button-classes";
import Link from "@/components/ui/link";
import { now } from "@/lib/clock";
import { formatCents } from "@/lib/money";
import { openPledges, type OpenPledge } from "../donations.queries";
import { receiptYear } from "../receipt-numbers.service";
import { givingByYear, type GivingYear } from "../year-end-statements.service";
import { formatLongDate } from "@/lib/time";

const card = "rounded-xl bg-white p-6 shadow-sm";

/** The profile's Giving tab for this member: gifts are found by address, so shown only once the member proved the mailbox is theirs. */
export async function MyGivingPanel({ member }: { member: { email: string; emailVerified: boolean } }) {
  if (!member.emailVerified) return <GivingWaitsForConfirmation email={member.email} />;
  const db = getDb();
  const [years, pledges] = await Promise.all([givingByYear(db, member.email), openPledges(db, member.email)]);
  return <GivingPanel years={years} pledges={pledges} email={member.email} currentYear={receiptYear(now())} />;
}

/**
 * The member's gifts (made with their account's email address, received
 * and not refunded) by calendar year, each year with its statement to download as a PDF.
 */
function GivingPanel({ years, pledges, email, currentYear }: { years: GivingYear[]; pledges: OpenPledge[]; email: string; currentYear: number }) {
  return (
    <section>
      <div className="mb-6">
        <h2 className="text-2xl font-bold">Giving</h2>
        <p className="mt-1 text-navy-700">
          Your gifts made with {email}, by year, and a year-end statement of each year for your taxes. Refunded gifts are not listed.
        </p>
      </div>
      {pledges.length > 0 && <PledgesWaiting pledges={pledges} />}
      {years.length === 0 ? (
        <div className={`${card} text-center`}>
          <p className="text-lg">{pledges.length > 0 ? `No gift from ${email} has been received yet.` : `No gifts from ${email} yet.`}</p>
          <Link href="/donate" className="mt-4 inline-block rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700">
            Make a gift
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {years.map((year) => (
            <li key={year.year} className={card} data-testid="giving-year">
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="text-lg font-bold">
                  {year.year}
                  {year.year === currentYear ? " (so far)" : ""}
                </h3>
                <p className="font-semibold">Total {formatCents(year.totalCents)}</p>
                <a href={`/profile/statements/${year.year}`} className={buttonClasses("desk")} download>
                  Download the {year.year} statement (PDF)
                </a>
              </div>
              <div className="overflow-x-auto">
                <table className="w-full text-left">
                  <caption className="sr-only">Your gifts in {year.year}</caption>
                  <thead>
                    <tr className="border-b border-navy-700/20">
                      <th scope="col" className="py-2 pr-3">Date</th>
                      <th scope="col" className="py-2 pr-3">Receipt number</th>
                      <th scope="col" className="py-2 text-right">Amount</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-navy-700/10">
                    {year.gifts.map((gift) => (
                      <tr key={gift.receiptNumber}>
                        <td className="py-2 pr-3">{formatLongDate(gift.receivedAt)}</td>
                        <td className="py-2 pr-3">{gift.receiptNumber}</td>
                        <td className="py-2 text-right">{formatCents(gift.totalCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Pledges the association is still waiting for: the member sees their promise was recorded, and what comes next. */
function PledgesWaiting({ pledges }: { pledges: OpenPledge[] }) {
  return (
    <section aria-labelledby="giving-pledges" className={`${card} mb-6`} data-testid="giving-pledges">
      <h3 id="giving-pledges" className="text-lg font-bold">
        Waiting for your gift
      </h3>
      <p className="mt-1 text-navy-700">
        We recorded your pledge. Once your check or cash reaches us, the gift is listed here with its receipt, and the receipt is
        emailed to you.
      </p>
      <ul className="mt-3 divide-y divide-navy-700/10">
        {pledges.map((pledge) => (
          <li key={pledge.reference} className="flex flex-wrap justify-between gap-x-4 py-2">
            <span>
              Pledge {pledge.reference} of {formatLongDate(pledge.pledgedAt)}
            </span>
            <span className="font-semibold">{formatCents(pledge.totalCents)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An account whose address is not confirmed yet: gifts made with it may be someone else's. */
function GivingWaitsForConfirmation({ email }: { email: string }) {
  return (
    <section>
      <h2 className="text-2xl font-bold">Giving</h2>
      <div className={`${card} mt-6`} data-testid="giving-unconfirmed">
        <p>
          Your gifts and year-end statements are found by your email address, {email}. They show here once you have confirmed that
          address with the link we emailed you (see the notice above to get a new one).
        </p>
      </div>
    </section>
  );
}
