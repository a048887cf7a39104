import Link from "@/components/ui/link";
import { FormAlert } from "@/components/forms/form-parts";
import { DeskTable } from "@/components/staff/desk-table";
import { FilterField, FilterForm, FilterSelect } from "@/components/staff/filter-form";
import { Pagination } from "@/components/staff/staff-ui";
import { formatCents } from "@/lib/money";
import type { DeskGiftRow } from "../../donations-desk.queries";
import { FREQUENCIES, FREQUENCY_LABELS, GIFT_STATUSES, giftFilterQuery, type GiftFilter, type GiftFilterErrors } from "../../donations-desk.schema";
import { STATUS_LABELS, kindLabel } from "./desk-format";
import { formatShortDateTimeZone } from "@/lib/time";
import { MarkReceivedForm } from "./mark-received-form";

/** What the filter form showed in each field: the value used, or the one typed that could not be used. */
export type FilterValues = Partial<Record<keyof GiftFilterErrors, string>>;

/** What the filters choose, one short phrase each, for the folded form's button (a value that was refused is left out). */
function activeFilters(values: FilterValues, errors: GiftFilterErrors): string[] {
  const status = values.status && !errors.status ? (STATUS_LABELS as Record<string, string | undefined>)[values.status] : undefined;
  const frequency = values.frequency && !errors.frequency ? (FREQUENCY_LABELS as Record<string, string | undefined>)[values.frequency] : undefined;
  return [
    values.q && !errors.q && `“${values.q}”`,
    status && `Status: ${status}`,
    frequency,
    values.from && !errors.from && `Made from ${values.from}`,
    values.to && !errors.to && `Made until ${values.to}`,
  ].filter((phrase): phrase is string => Boolean(phrase));
}

/** The filters: a plain GET form, so it works without JavaScript and the URL can be shared or bookmarked. */
function Filters({ values, errors }: { values: FilterValues; errors: GiftFilterErrors }) {
  const refused = Object.keys(errors).length > 0;
  return (
    <FilterForm label="Find gifts" action="/admin/donations" layout="grid" columns="sm:grid-cols-2 lg:grid-cols-4" submitLabel="Find gifts" clearHref="/admin/donations" active={activeFilters(values, errors)} open={refused}>
      {refused && (
        <div className="sm:col-span-2 lg:col-span-4">
          <FormAlert id="gifts-filter-alert" message="Some filters could not be used: see the highlighted fields. The list below ignores them." />
        </div>
      )}
      <FilterField
        id="gifts-q"
        name="q"
        label="Donor name, email, receipt number or reference"
        className="sm:col-span-2"
        error={errors.q}
        type="search"
        defaultValue={values.q}
        placeholder="Rivera, 2027-000123, DON-1042…"
      />
      <FilterSelect id="gifts-status" name="status" label="Status" error={errors.status} defaultValue={errors.status ? "" : (values.status ?? "")}>
        <option value="">Any status</option>
        {GIFT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="gifts-frequency" name="frequency" label="One-time or monthly" error={errors.frequency} defaultValue={errors.frequency ? "" : (values.frequency ?? "")}>
        <option value="">Both</option>
        {FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {FREQUENCY_LABELS[frequency]}
          </option>
        ))}
      </FilterSelect>
      <FilterField id="gifts-from" name="from" label="Made from" error={errors.from} type="date" defaultValue={values.from} />
      <FilterField id="gifts-to" name="to" label="Made until" error={errors.to} type="date" defaultValue={values.to} />
    </FilterForm>
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
      <DeskTable
        caption="Gifts, newest first"
        contained
        cards
        rows={gifts}
        rowKey={(gift) => gift.id}
        rowClassName="align-top"
        rowTestId="gift-row"
        empty={<p className="rounded-lg border border-navy-700/20 bg-white p-4">{query ? "No gifts match. Try fewer filters." : "No gifts yet."}</p>}
        columns={[
          {
            header: "Gift",
            rowHeader: true,
            className: "font-semibold whitespace-nowrap",
            cell: (gift) => (
              <Link href={`/admin/donations/${gift.id}`} className="underline underline-offset-2">
                {gift.reference}
              </Link>
            ),
          },
          { header: "Made", className: "whitespace-nowrap", cell: (gift) => formatShortDateTimeZone(gift.createdAt) },
          {
            header: "Donor",
            cell: (gift) => (
              <>
                {gift.donorName}
                <span className="block text-sm break-all text-navy-700">{gift.donorEmail}</span>
                {gift.tribute && <span className="block text-sm text-navy-700">{gift.tribute}</span>}
              </>
            ),
          },
          {
            header: "Amount",
            className: "whitespace-nowrap",
            card: "first",
            cell: (gift) => (
              <>
                {formatCents(gift.totalCents)}
                {gift.feeCents > 0 && <span className="block text-sm text-navy-700">incl. {formatCents(gift.feeCents)} card fee</span>}
              </>
            ),
          },
          { header: "Kind", cell: (gift) => kindLabel(gift) },
          {
            header: "Status",
            card: "first",
            cell: (gift) => (
              <>
                <span data-testid="gift-status">{STATUS_LABELS[gift.status]}</span>
                {gift.status === "pledged" && (
                  <div className="mt-2">
                    <MarkReceivedForm donationId={gift.id} reference={gift.reference} totalLabel={formatCents(gift.totalCents)} />
                  </div>
                )}
              </>
            ),
          },
          { header: "Receipt", className: "whitespace-nowrap", cell: (gift) => gift.receiptNumber ?? "—" },
        ]}
      />
      <Pagination href={(target) => `/admin/donations?${giftFilterQuery(filter, { page: String(target) })}`} page={result.page} pageCount={result.pageCount} />
    </>
  );
}
