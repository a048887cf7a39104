import { getDb } from "@/db/client";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { itemsOfOrders, listDeskOrders } from "@/features/orders/orders-desk.queries";
import { ordersCsv } from "@/features/orders/staff/orders-csv";
import { parseOrderFilter } from "@/features/orders/orders-desk.schema";
import { csvDownload, datedCsvName } from "@/lib/csv-download";

/**
 * The orders list as CSV, with the list's filters, one row per item (a pickup list when filtered to a location). A route handler checks the permission itself: a
 * visitor is sent to sign in, anyone signed in without it gets a plain 404, like the staff pages.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const staff = await deskDownloadOrRefusal("/admin/orders/export", `/admin/orders/export${url.search}`);
  if (staff instanceof Response) return staff;
  const filter = parseOrderFilter(Object.fromEntries(url.searchParams));
  const { orders } = await listDeskOrders(getDb(), filter, { all: true });
  const items = await itemsOfOrders(getDb(), orders.map((o) => o.id));
  return csvDownload(ordersCsv(orders, items), datedCsvName("orders"));
}
