import Link from "@/components/ui/link";
import { FieldError, FormAlert } from "@/components/forms/form-parts";
import { Pagination } from "@/components/staff/staff-ui";
import { formatCents } from "@/lib/money";
import type { DeskGiftRow } from "../../donations-desk.queries";
import { FREQUENCIES, FREQUENCY_LABELS, GIFT_STATUSES, giftFilterQuery, type GiftFilter, type GiftFilterErrors } from "../../donations-desk.schema";
import { STATUS_LABELS, kindLabel } from "./desk-format";
import { MarkReceivedForm } from "./mark-received-form";
import { formatShortDateTimeZone } from "@/lib/time";

const fieldClass = "mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900 aria-[invalid=true]:border-red-700";

/** What the filter form showed in each field: the value used, or the one typed that could not be used. */
export type FilterValues = Partial<Record<keyof GiftFilterErrors, string>>;

function errorProps(name: keyof GiftFilterErrors, errors: GiftFilterErrors) {
  return {
    id: `gifts-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `gifts-${name}-error` : undefined,
  } as const;
}

/** The filters: a plain GET form, so it works without JavaScript and the URL can be shared or bookmarked. */
function Filters({ values, errors }: { values: FilterValues; errors: GiftFilterErrors }) {
  const refused = Object.keys(errors).length > 0;
  return (
    <form method="get" action="/admin/donations" role="search" aria-label="Find gifts" className="mb-6 grid gap-3 rounded-lg border border-navy-700/20 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      {refused && (
        <div className="sm:col-span-2 lg:col-span-4">
          <FormAlert id="gifts-filter-alert" message="Some filters could not be used: see the highlighted fields. The list below ignores them." />
        </div>
      )}
      <div className="sm:col-span-2">
        <label htmlFor="gifts-q" className="font-medium">
          Donor name, e-mail, receipt number or reference
        </label>
        <input {...errorProps("q", errors)} type="search" defaultValue={values.q} placeholder="Rivera, 2027-000123, DON-1042…" className={fieldClass} />
        <FieldError id="gifts-q-error" message={errors.q} />
      </div>
      <div>
        <label htmlFor="gifts-status" className="font-medium">
          Status
        </label>
        <select {...errorProps("status", errors)} defaultValue={errors.status ? "" : (values.status ?? "")} className={fieldClass}>
          <option value="">Any status</option>
          {GIFT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <FieldError id="gifts-status-error" message={errors.status} />
      </div>
      <div>
        <label htmlFor="gifts-frequency" className="font-medium">
          One-time or monthly
        </label>
        <select {...errorProps("frequency", errors)} defaultValue={errors.frequency ? "" : (values.frequency ?? "")} className={fieldClass}>
          <option value="">Both</option>
          {FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </select>
        <FieldError id="gifts-frequency-error" message={errors.frequency} />
      </div>
      <div>
        <label htmlFor="gifts-from" className="font-medium">
          Made from
        </label>
        <input {...errorProps("from", errors)} type="date" defaultValue={values.from} className={fieldClass} />
        <FieldError id="gifts-from-error" message={errors.from} />
      </div>
      <div>
        <label htmlFor="gifts-to" className="font-medium">
          Made until
        </label>
        <input {...errorProps("to", errors)} type="date" defaultValue={values.to} className={fieldClass} />
        <FieldError id="gifts-to-error" message={errors.to} />
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
          Find gifts
        </button>
        <Link href="/admin/donations" className="py-2 underline underline-offset-2">
          Clear
        </Link>
      </div>
    </form>
  );
}

/** The gifts the filters find, newest first; pledges carry the "Mark received" button; each opens its page. */
export function GiftsList({
  filter,
  values,
  errors,
  result,
}: {
  filter: GiftFilter;
  values: FilterValues;
  errors: GiftFilterErrors;
  result: { gifts: DeskGiftRow[]; total: number; page: number; pageCount: number };
}) {
  const query = giftFilterQuery(filter);
  const { gifts, total } = result;
  return (
    <>
      <Filters values={values} errors={errors} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p data-testid="gifts-count">
          {total === 1 ? "1 gift" : `${total} gifts`}
          {query ? " match" : ""}
        </p>
        <a href={`/admin/donations/export${query ? `?${query}` : ""}`} className="font-semibold underline underline-offset-2" download>
          Download these gifts (CSV)
        </a>
      </div>
      {gifts.length === 0 ? (
        <p className="rounded-lg border border-navy-700/20 bg-white p-4">{query ? "No gifts match. Try fewer filters." : "No gifts yet."}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
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
                    <Link href={`/admin/donations/${gift.id}`} className="underline underline-offset-2">
                      {gift.reference}
                    </Link>
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{formatShortDateTimeZone(gift.createdAt)}</td>
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
      <Pagination href={(target) => `/admin/donations?${giftFilterQuery(filter, { page: String(target) })}`} page={result.page} pageCount={result.pageCount} />
    </>
  );
}
