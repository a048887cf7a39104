import { formatCents } from "@/lib/money";
import type { StatementDonor } from "../../year-end-statements.service";
import { SendStatementsForm } from "./send-statements-form";
import { formatShortDateTimeZone } from "@/lib/time";

/**
 * A year's statements: how many donors have one (gifts received and not refunded, grouped by e-mail
 * address), how many were e-mailed already, the send button for a finished year, and the donors.
 */
export function StatementsView({ year, donors, sendable }: { year: number; donors: StatementDonor[]; sendable: { ok: true } | { ok: false; why: string } }) {
  const sent = donors.filter((donor) => donor.sentAt).length;
  const waiting = donors.length - sent;
  const total = donors.reduce((sum, donor) => sum + donor.totalCents, 0);
  return (
    <div className="space-y-6">
      <section aria-labelledby="statements-summary" className="rounded-lg border border-navy-700/20 bg-white p-4 sm:p-5">
        <h2 id="statements-summary" className="text-lg font-bold text-navy-900">
          {year}
        </h2>
        <p className="mt-2" data-testid="statements-summary">
          {donors.length === 1 ? "1 donor has" : `${donors.length} donors have`} a statement for {year} ({formatCents(total)} in all). {sent} e-mailed, {waiting} not yet.
        </p>
        <div className="mt-4">
          {!sendable.ok ? (
            <p className="text-navy-700">{sendable.why}</p>
          ) : donors.length === 0 ? (
            <p className="text-navy-700">No gifts were received in {year}: there is nothing to send.</p>
          ) : (
            <>
              <p className="mb-3 text-navy-700">
                {waiting === 0
                  ? `Every ${year} statement has been e-mailed. Pressing the button again sends nothing twice.`
                  : "Each donor is e-mailed once for the year, with the statement as a PDF, even if the button is pressed again."}
              </p>
              {/* Kept on the page after a send, so its answer stays in view (with or without JavaScript). */}
              <SendStatementsForm year={year} waiting={waiting} />
            </>
          )}
        </div>
      </section>
      {donors.length > 0 && (
        <div className="relative overflow-x-auto rounded-lg border border-navy-700/20 bg-white" tabIndex={0} role="region" aria-label="Statement donors table">
          <table className="w-full text-left">
            <caption className="sr-only">Donors with a statement for {year}</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-3 py-2">Donor</th>
                <th scope="col" className="px-3 py-2 text-right">Gifts</th>
                <th scope="col" className="px-3 py-2 text-right">Total</th>
                <th scope="col" className="px-3 py-2">E-mailed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-700/10">
              {donors.map((donor) => (
                <tr key={donor.emailKey} data-testid="statement-row">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="font-semibold">{donor.donorName}</span>
                    <span className="block text-sm break-all text-navy-700">{donor.emailKey}</span>
                  </th>
                  <td className="px-3 py-2 text-right">{donor.giftCount}</td>
                  <td className="px-3 py-2 text-right">{formatCents(donor.totalCents)}</td>
                  <td className="px-3 py-2">{donor.sentAt ? formatShortDateTimeZone(donor.sentAt) : "Not yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
