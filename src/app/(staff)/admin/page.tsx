import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { redirect } from "next/navigation";
import Link from "@/components/ui/link";
import { requireMember } from "@/lib/auth/session";
import { DashboardView } from "@/features/staff/components/dashboard-view";
import { requireDeskPage } from "@/features/staff/desk-access";
import { permissionFor } from "@/features/staff/desks";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { getDashboard } from "@/features/staff/dashboard.queries";
import { UnpaidOrdersPanels } from "@/features/orders/staff/components/unpaid-orders-panels";
import { now } from "@/lib/clock";
import { roleAllows } from "@/lib/access-control";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  // A door volunteer's one job is check-in: the staff area's front door takes them there.
  const member = await requireMember("/admin");
  if (roleAllows(member.role, permissionFor("/admin/check-in")) && !roleAllows(member.role, permissionFor("/admin"))) redirect("/admin/check-in");
  await requireDeskPage("/admin");
  const dashboard = await getDashboard(getDb(), now());
  return (
    <>
      <StaffPageHeading title="Dashboard">
        What needs doing today. How the year is going (gifts and sales, members, event attendance, the newsletter) is on{" "}
        <Link href="/admin/year" className="font-semibold text-navy-900 underline underline-offset-2">
          the year at a glance
        </Link>
        .
      </StaffPageHeading>
      <DashboardView dashboard={dashboard} emailEnabled={Boolean(getEnv().SMTP_URL)} unpaidOrders={<UnpaidOrdersPanels />} />
    </>
  );
}
