import Link from "@/components/ui/link";
import { formatCents } from "@/lib/money";
import type { DeskOrderRow } from "../../orders-desk.queries";
import { PAYMENT_LABELS, STATUS_FILTERS, STATUS_FILTER_LABELS, filterQuery, type OrderFilter } from "../../orders-desk.schema";
import { DeskTable } from "@/components/staff/desk-table";
import { FilterField, FilterForm, FilterSelect } from "@/components/staff/filter-form";
import { Pagination } from "@/components/staff/staff-ui";
import { deliveryLabel, deskStatus } from "./desk-format";
import { formatShortDateTimeZone } from "@/lib/time";

const WHERE_LABELS = { shipping: "Shipping", pickup: "Pickup (any location)", none: "Nothing to deliver" } as const;

/** What the filters choose, one short phrase each, for the folded form's button. */
function activeFilters(filter: OrderFilter, locations: { id: number; name: string }[]): string[] {
  const location = filter.locationId ? locations.find((candidate) => candidate.id === filter.locationId) : undefined;
  const where = location ? `Pickup at ${location.name}` : filter.fulfilment ? WHERE_LABELS[filter.fulfilment] : undefined;
  return [
    filter.q && `“${filter.q}”`,
    filter.status && `Status: ${STATUS_FILTER_LABELS[filter.status]}`,
    filter.payment && `Payment: ${PAYMENT_LABELS[filter.payment]}`,
    where && `Delivery: ${where}`,
    filter.from && `Placed from ${filter.from}`,
    filter.to && `Placed until ${filter.to}`,
  ].filter((phrase): phrase is string => Boolean(phrase));
}

/** The filters: a plain GET form, so it works without JavaScript and the URL can be shared or bookmarked. */
function Filters({ filter, locations }: { filter: OrderFilter; locations: { id: number; name: string }[] }) {
  const where = filter.locationId ? `pickup-${filter.locationId}` : (filter.fulfilment ?? "");
  return (
    <FilterForm label="Find orders" action="/admin/orders" layout="grid" columns="sm:grid-cols-2 lg:grid-cols-4" submitLabel="Find orders" clearHref="/admin/orders" active={activeFilters(filter, locations)}>
      <FilterField id="orders-q" name="q" label="Order number, name or email" className="sm:col-span-2" type="search" defaultValue={filter.q} placeholder="VVA-1009, 1009, Rivera…" />
      <FilterSelect id="orders-status" name="status" label="Status" defaultValue={filter.status ?? ""}>
        <option value="">Any status</option>
        {STATUS_FILTERS.map((status) => (
          <option key={status} value={status}>
            {STATUS_FILTER_LABELS[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="orders-payment" name="payment" label="Payment" defaultValue={filter.payment ?? ""}>
        <option value="">Any payment</option>
        {(Object.keys(PAYMENT_LABELS) as (keyof typeof PAYMENT_LABELS)[]).map((method) => (
          <option key={method} value={method}>
            {PAYMENT_LABELS[method]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="orders-where" name="where" label="Delivery" defaultValue={where}>
        <option value="">Any delivery</option>
        <option value="shipping">{WHERE_LABELS.shipping}</option>
        <option value="pickup">{WHERE_LABELS.pickup}</option>
        {locations.map((location) => (
          <option key={location.id} value={`pickup-${location.id}`}>
            Pickup at {location.name}
          </option>
        ))}
        <option value="none">{WHERE_LABELS.none}</option>
      </FilterSelect>
      <FilterField id="orders-from" name="from" label="Placed from" type="date" defaultValue={filter.from} />
      <FilterField id="orders-to" name="to" label="Placed until" type="date" defaultValue={filter.to} />
    </FilterForm>
  );
}

export function OrdersList({
  filter,
  result,
  locations,
}: {
  filter: OrderFilter;
  result: { orders: DeskOrderRow[]; total: number; page: number; pageCount: number };
  locations: { id: number; name: string }[];
}) {
  const query = filterQuery(filter);
  return (
    <>
      <Filters filter={filter} locations={locations} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p data-testid="orders-count">
          {result.total === 1 ? "1 order" : `${result.total} orders`}
          {query ? " match" : ""}
        </p>
        <a href={`/admin/orders/export${query ? `?${query}` : ""}`} className="font-semibold underline underline-offset-2" download>
          Download these orders (CSV)
        </a>
      </div>
      <DeskTable
        caption="Orders, newest first"
        cards
        rows={result.orders}
        rowKey={(order) => order.id}
        rowClassName="align-top"
        rowTestId="order-row"
        empty={<p className="rounded-lg border border-navy-700/20 bg-white p-4">{query ? "No orders match. Try fewer filters." : "No orders yet."}</p>}
        columns={[
          {
            header: "Order",
            className: "whitespace-nowrap",
            card: "title",
            cell: (order) => (
              <Link href={`/admin/orders/${order.id}`} className="font-semibold underline underline-offset-2">
                {order.number}
              </Link>
            ),
          },
          { header: "Placed", className: "whitespace-nowrap", cell: (order) => formatShortDateTimeZone(order.placedAt) },
          {
            header: "Buyer",
            cell: (order) => (
              <>
                {order.contactName}
                <span className="block text-sm break-all text-navy-700">{order.email}</span>
              </>
            ),
          },
          { header: "Total", card: "first", cell: (order) => formatCents(order.totalCents) },
          { header: "Payment", cell: (order) => PAYMENT_LABELS[order.paymentMethod] },
          { header: "Delivery", cell: (order) => deliveryLabel(order) },
          { header: "Status", card: "first", cell: (order) => deskStatus(order) },
        ]}
      />
      <Pagination href={(target) => `/admin/orders?${filterQuery(filter, { page: String(target) })}`} page={result.page} pageCount={result.pageCount} />
    </>
  );
}
