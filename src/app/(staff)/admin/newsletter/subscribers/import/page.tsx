import type { Metadata } from "next";
import { IMPORT_SOURCE_MAX } from "@/features/newsletter/subscribers-desk.schema";
import { readSubscriberOptions, SUBSCRIBER_COLUMNS, subscribersImport } from "@/features/newsletter/subscribers-import.service";
import { confirmSubscribersImportAction, uploadSubscribersCsvAction } from "@/features/newsletter/staff/subscribers-import.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { CsvImportBody } from "@/components/staff/csv-import-page";
import { BackLink, StaffPageHeading } from "@/components/staff/staff-ui";
import { importPageState, type ImportSearch } from "@/lib/csv-import/import-page";

export const metadata: Metadata = { title: "Import subscribers" };

type Search = Promise<ImportSearch>;

export default async function SubscribersImportPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/newsletter/subscribers/import");
  const state = await importPageState(subscribersImport, staff.id, await searchParams);
  return (
    <>
      <BackLink href="/admin/newsletter/subscribers" label="Subscribers" />
      <StaffPageHeading title="Import subscribers">
        Bring in a mailing list whose people agreed to the newsletter elsewhere: each address with the date they agreed joins at once, with your list&apos;s source as their
        consent record, and is not emailed. Nobody is removed by an import, and an address staff unsubscribed is not added back.
      </StaffPageHeading>
      <CsvImportBody
        path="/admin/newsletter/subscribers/import"
        {...state}
        keyLabel="Email"
        columns={SUBSCRIBER_COLUMNS}
        exportHref="/admin/newsletter/subscribers.csv"
        uploadAction={uploadSubscribersCsvAction}
        confirmAction={confirmSubscribersImportAction}
        options={[
          { kind: "text", name: "source", label: "Where the list comes from", hint: "e.g. “Mailchimp export, June 2027”: kept with each address as the record of their consent.", maxLength: IMPORT_SOURCE_MAX },
          {
            kind: "checkbox",
            name: "sendConfirmation",
            label: "Send a confirmation email to addresses without a consent date",
            hint: "They join once they press Confirm in it (the link works 7 days). Unticked, such addresses are refused. Addresses with a consent date are never emailed.",
          },
        ]}
        optionFacts={(stored) => {
          const options = readSubscriberOptions(stored);
          return [
            ["Source", options.source],
            ["Without a consent date", options.sendConfirmation ? "Sent a confirmation email" : "Refused"],
          ];
        }}
        list={{ href: "/admin/newsletter/subscribers", label: "See the subscribers" }}
      />
    </>
  );
}
