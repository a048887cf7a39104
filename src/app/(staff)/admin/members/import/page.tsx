import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { MEMBER_COLUMNS } from "@/features/members/members-csv";
import { membersImport } from "@/features/members/members-import.service";
import { confirmMembersImportAction, uploadMembersCsvAction } from "@/features/members/staff/members-import.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { CsvImportBody, previewFilter } from "@/components/staff/csv-import-page";
import { BackLink, StaffPageHeading } from "@/components/staff/staff-ui";
import * as clock from "@/lib/clock";
import { MAX_IMPORT_LABEL, MAX_IMPORT_ROWS, previewUpload } from "@/lib/csv-import/csv-import.service";

export const metadata: Metadata = { title: "Import members" };

type Search = Promise<{ upload?: string | string[]; show?: string | string[]; page?: string | string[] }>;

export default async function MembersImportPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/members/import");
  const search = await searchParams;
  const token = typeof search.upload === "string" ? search.upload : undefined;
  const preview = token === undefined ? null : await previewUpload(getDb(), membersImport, staff.id, token, clock.now());
  return (
    <>
      <BackLink href="/admin/members" label="Members" />
      <StaffPageHeading title="Import members">
        Bring members in from a spreadsheet: a new address gets an account without a password (they set one with “Forgot password”, or sign in with Google); nobody is emailed. A
        membership is never ended or shortened by an import.
      </StaffPageHeading>
      <CsvImportBody
        path="/admin/members/import"
        token={token}
        preview={preview}
        filter={previewFilter(search)}
        keyLabel="Email"
        columns={MEMBER_COLUMNS}
        exportHref="/admin/members/export"
        uploadAction={uploadMembersCsvAction}
        confirmAction={confirmMembersImportAction}
        uploadHint={`A CSV file (UTF-8), at most ${MAX_IMPORT_LABEL} and ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows.`}
        list={{ href: "/admin/members", label: "See the members" }}
      />
    </>
  );
}
