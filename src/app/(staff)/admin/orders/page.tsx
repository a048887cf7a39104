import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { listDeskOrders, listPickupLocations } from "@/features/orders/orders-desk.queries";
import { OrdersList } from "@/features/orders/staff/components/orders-list";
import { parseOrderFilter } from "@/features/orders/orders-desk.schema";
import { StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Orders" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function OrdersPage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/orders");
  const filter = parseOrderFilter(await searchParams);
  const [result, locations] = await Promise.all([listDeskOrders(getDb(), filter), listPickupLocations(getDb())]);
  return (
    <>
      <StaffPageHeading title="Orders">Find an order, take payment at the desk, hand it over or ship it, or cancel it.</StaffPageHeading>
      <OrdersList filter={filter} result={result} locations={locations} />
    </>
  );
}
