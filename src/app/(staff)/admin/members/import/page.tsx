import type { Metadata } from "next";
import { MEMBER_COLUMNS } from "@/features/members/members-csv";
import { membersImport } from "@/features/members/members-import.service";
import { confirmMembersImportAction, uploadMembersCsvAction } from "@/features/members/staff/members-import.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { CsvImportBody } from "@/components/staff/csv-import-page";
import { BackLink, StaffPageHeading } from "@/components/staff/staff-ui";
import { importPageState, type ImportSearch } from "@/lib/csv-import/import-page";

export const metadata: Metadata = { title: "Import members" };

type Search = Promise<ImportSearch>;

export default async function MembersImportPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/members/import");
  const state = await importPageState(membersImport, staff.id, await searchParams);
  return (
    <>
      <BackLink href="/admin/members" label="Members" />
      <StaffPageHeading title="Import members">
        Bring members in from a spreadsheet: a new address gets an account without a password (they set one with “Forgot password”, or sign in with Google); nobody is emailed. A
        membership is never ended or shortened by an import.
      </StaffPageHeading>
      <CsvImportBody
        path="/admin/members/import"
        {...state}
        keyLabel="Email"
        columns={MEMBER_COLUMNS}
        exportHref="/admin/members/export"
        uploadAction={uploadMembersCsvAction}
        confirmAction={confirmMembersImportAction}
        list={{ href: "/admin/members", label: "See the members" }}
      />
    </>
  );
}
