import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { AuditTable } from "@/features/staff/components/audit-table";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { listAudit } from "@/lib/audit.service";

export const metadata: Metadata = { title: "Audit log" };

type Search = Promise<{ type?: string | string[]; id?: string | string[] }>;

/** One plain value from the query string, or undefined: anything odd simply means "no filter". */
function filterValue(value: string | string[] | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= 100 && !/[\u0000-\u001f]/.test(trimmed) ? trimmed : undefined;
}

export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/audit");
  const search = await searchParams;
  const filter = { recordType: filterValue(search.type), recordId: filterValue(search.id) };
  const entries = await listAudit(getDb(), { ...filter, limit: 200 });
  return (
    <>
      <StaffPageHeading title="Audit log">Every change made from the staff area: who, what, which record, before and after.</StaffPageHeading>
      <AuditTable entries={entries} filter={filter} />
    </>
  );
}
