import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { searchMembers } from "@/features/members/members-desk.queries";
import { parseMemberSearch, parsePage } from "@/features/members/members-desk.schema";
import { requireDeskPage } from "@/features/staff/desk-access";
import { MemberSearch } from "@/features/members/staff/components/member-search";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { CsvFileLinks } from "@/components/staff/csv-import-page";
import { roleAllows } from "@/lib/access-control";
import * as clock from "@/lib/clock";

export const metadata: Metadata = { title: "Members" };

type Search = Promise<{ q?: string | string[]; page?: string | string[] }>;

export default async function MembersPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/members");
  const params = await searchParams;
  const { q, error } = parseMemberSearch(params.q);
  const page = parsePage(params.page);
  const result = error ? null : await searchMembers(getDb(), { q, page }, clock.now());
  return (
    <>
      <StaffPageHeading title="Members">
        Everyone with an account on the site, newest first. Open a member to see their profile, membership, orders and registrations.
        <CsvFileLinks exportHref="/admin/members/export" importHref={roleAllows(staff.role, { member: ["update"] }) ? "/admin/members/import" : undefined} importLabel="Import members from a CSV file" />
      </StaffPageHeading>
      <MemberSearch q={q} error={error} page={page} result={result} />
    </>
  );
}
