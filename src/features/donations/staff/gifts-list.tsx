import { Pagination } from "@/features/staff/components/staff-ui";
import { formatCents } from "@/lib/money";
import type { GiftStatus, StaffGiftRow } from "../donations.queries";
import { MarkReceivedForm } from "./mark-received-form";

const when = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

export const STATUS_LABELS: Record<GiftStatus, string> = {
  pending: "Awaiting card payment",
  pledged: "Pledged (check or desk)",
  paid: "Received",
  refunded: "Refunded (receipt void)",
  expired: "Card payment not completed",
};

function kindLabel(gift: StaffGiftRow): string {
  const frequency = gift.frequency === "monthly" ? "Monthly" : "One-time";
  return `${frequency} · ${gift.paymentMethod === "stripe" ? "card" : "check or cash"}`;
}

/** Every gift, newest first, with its status; pledges carry the "Mark received" button. */
export function GiftsList({ gifts, total, page, pageCount }: { gifts: StaffGiftRow[]; total: number; page: number; pageCount: number }) {
  return (
    <>
      <p className="mb-3" data-testid="gifts-count">
        {total === 1 ? "1 gift" : `${total} gifts`}
      </p>
      {gifts.length === 0 ? (
        <p className="rounded-lg border border-navy-700/20 bg-white p-4">No gifts yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">Gifts, newest first</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-3 py-2">Gift</th>
                <th scope="col" className="px-3 py-2">Made</th>
                <th scope="col" className="px-3 py-2">Donor</th>
                <th scope="col" className="px-3 py-2">Amount</th>
                <th scope="col" className="px-3 py-2">Kind</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2">Receipt</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-700/10">
              {gifts.map((gift) => (
                <tr key={gift.id} className="align-top" data-testid="gift-row">
                  <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {gift.reference}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{when.format(gift.createdAt)}</td>
                  <td className="px-3 py-2">
                    {gift.donorName}
                    <span className="block text-sm break-all text-navy-700">{gift.donorEmail}</span>
                    {gift.tribute && <span className="block text-sm text-navy-700">{gift.tribute}</span>}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatCents(gift.totalCents)}
                    {gift.feeCents > 0 && <span className="block text-sm text-navy-700">incl. {formatCents(gift.feeCents)} card fee</span>}
                  </td>
                  <td className="px-3 py-2">{kindLabel(gift)}</td>
                  <td className="px-3 py-2">
                    <span data-testid="gift-status">{STATUS_LABELS[gift.status]}</span>
                    {gift.status === "pledged" && (
                      <div className="mt-2">
                        <MarkReceivedForm donationId={gift.id} reference={gift.reference} totalLabel={formatCents(gift.totalCents)} />
                      </div>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{gift.receiptNumber ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination href={(target) => `/admin/donations?page=${target}`} page={page} pageCount={pageCount} />
    </>
  );
}
