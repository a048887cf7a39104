import { DeskTable } from "@/components/staff/desk-table";
import { formatCents } from "@/lib/money";
import type { StatementDonor } from "../../year-end-statements.service";
import { formatShortDateTimeZone } from "@/lib/time";
import { donorColumn } from "./donor-column";
import { SendStatementsForm } from "./send-statements-form";

/**
 * A year's statements: how many donors have one (gifts received and not refunded, grouped by email
 * address), how many were emailed already, the send button for a finished year, and the donors.
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
          {donors.length === 1 ? "1 donor has" : `${donors.length} donors have`} a statement for {year} ({formatCents(total)} in all). {sent} emailed, {waiting} not yet.
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
                  ? `Every ${year} statement has been emailed. Pressing the button again sends nothing twice.`
                  : "Each donor is emailed once for the year, with the statement as a PDF, even if the button is pressed again."}
              </p>
              {/* Kept on the page after a send, so its answer stays in view (with or without JavaScript). */}
              <SendStatementsForm year={year} waiting={waiting} />
            </>
          )}
        </div>
      </section>
      <DeskTable
        cards
        contained
        scrollLabel="Statement donors table"
        caption={`Donors with a statement for ${year}`}
        rows={donors}
        rowKey={(donor) => donor.emailKey}
        rowTestId="statement-row"
        columns={[
          donorColumn((donor: StatementDonor) => ({ name: donor.donorName, email: donor.emailKey })),
          { header: "Gifts", align: "right", cell: (donor) => donor.giftCount },
          { header: "Total", align: "right", cell: (donor) => formatCents(donor.totalCents) },
          { header: "Emailed", cell: (donor) => (donor.sentAt ? formatShortDateTimeZone(donor.sentAt) : "Not yet") },
        ]}
      />
    </div>
  );
}
