import Link from "@/components/ui/link";
import { formatCents } from "@/lib/money";
import type { DeskOrderRow } from "../../orders-desk.queries";
import { PAYMENT_LABELS, STATUS_FILTERS, STATUS_FILTER_LABELS, filterQuery, type OrderFilter } from "../../orders-desk.schema";
import { Pagination } from "@/components/staff/staff-ui";
import { deliveryLabel, deskStatus } from "./desk-format";
import { formatShortDateTimeZone } from "@/lib/time";

const fieldClass = "mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900";

/** The filters: a plain GET form, so it works without JavaScript and the URL can be shared or bookmarked. */
function Filters({ filter, locations }: { filter: OrderFilter; locations: { id: number; name: string }[] }) {
  const where = filter.locationId ? `pickup-${filter.locationId}` : (filter.fulfilment ?? "");
  return (
    <form method="get" action="/admin/orders" role="search" aria-label="Find orders" className="mb-6 grid gap-3 rounded-lg border border-navy-700/20 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <label htmlFor="orders-q" className="font-medium">
          Order number, name or e-mail
        </label>
        <input id="orders-q" name="q" type="search" defaultValue={filter.q} placeholder="VVA-1009, 1009, Rivera…" className={fieldClass} />
      </div>
      <div>
        <label htmlFor="orders-status" className="font-medium">
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={filter.status ?? ""} className={fieldClass}>
          <option value="">Any status</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {STATUS_FILTER_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-payment" className="font-medium">
          Payment
        </label>
        <select id="orders-payment" name="payment" defaultValue={filter.payment ?? ""} className={fieldClass}>
          <option value="">Any payment</option>
          {(Object.keys(PAYMENT_LABELS) as (keyof typeof PAYMENT_LABELS)[]).map((method) => (
            <option key={method} value={method}>
              {PAYMENT_LABELS[method]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-where" className="font-medium">
          Delivery
        </label>
        <select id="orders-where" name="where" defaultValue={where} className={fieldClass}>
          <option value="">Any delivery</option>
          <option value="shipping">Shipping</option>
          <option value="pickup">Pickup (any location)</option>
          {locations.map((location) => (
            <option key={location.id} value={`pickup-${location.id}`}>
              Pickup at {location.name}
            </option>
          ))}
          <option value="none">Nothing to deliver</option>
        </select>
      </div>
      <div>
        <label htmlFor="orders-from" className="font-medium">
          Placed from
        </label>
        <input id="orders-from" name="from" type="date" defaultValue={filter.from} className={fieldClass} />
      </div>
      <div>
        <label htmlFor="orders-to" className="font-medium">
          Placed until
        </label>
        <input id="orders-to" name="to" type="date" defaultValue={filter.to} className={fieldClass} />
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
          Find orders
        </button>
        <Link href="/admin/orders" className="py-2 underline underline-offset-2">
          Clear
        </Link>
      </div>
    </form>
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
      {result.orders.length === 0 ? (
        <p className="rounded-lg border border-navy-700/20 bg-white p-4">No orders match. Try fewer filters.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-3 py-2">Order</th>
                <th scope="col" className="px-3 py-2">Placed</th>
                <th scope="col" className="px-3 py-2">Buyer</th>
                <th scope="col" className="px-3 py-2">Total</th>
                <th scope="col" className="px-3 py-2">Payment</th>
                <th scope="col" className="px-3 py-2">Delivery</th>
                <th scope="col" className="px-3 py-2">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-700/10">
              {result.orders.map((order) => (
                <tr key={order.id} className="align-top" data-testid="order-row">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link href={`/admin/orders/${order.id}`} className="font-semibold underline underline-offset-2">
                      {order.number}
                    </Link>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatShortDateTimeZone(order.placedAt)}</td>
                  <td className="px-3 py-2">
                    {order.contactName}
                    <span className="block text-sm break-all text-navy-700">{order.email}</span>
                  </td>
                  <td className="px-3 py-2">{formatCents(order.totalCents)}</td>
                  <td className="px-3 py-2">{PAYMENT_LABELS[order.paymentMethod]}</td>
                  <td className="px-3 py-2">{deliveryLabel(order)}</td>
                  <td className="px-3 py-2">{deskStatus(order)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination href={(target) => `/admin/orders?${filterQuery(filter, { page: String(target) })}`} page={result.page} pageCount={result.pageCount} />
    </>
  );
}
