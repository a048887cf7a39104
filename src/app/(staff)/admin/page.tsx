import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireStaff } from "@/features/members/session";
import { DashboardView } from "@/features/staff/components/dashboard-view";
import { StaffPageHeading } from "@/features/staff/components/staff-ui";
import { getDashboard } from "@/features/staff/dashboard.queries";
import { now } from "@/lib/clock";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  await requireStaff({ dashboard: ["view"] }, "/admin");
  const dashboard = await getDashboard(getDb(), now());
  return (
    <>
      <StaffPageHeading title="Dashboard">What needs doing today.</StaffPageHeading>
      <DashboardView dashboard={dashboard} emailEnabled={Boolean(getEnv().SMTP_URL)} />
    </>
  );
}
