import { DeskTable } from "@/components/staff/desk-table";
import { FilterField, FilterForm } from "@/components/staff/filter-form";
import { formatShortDateTimeZone } from "@/lib/time";
import type { AuditRecord } from "@/lib/audit.service";

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-navy-700">—</span>;
  return <code className="break-all text-sm">{JSON.stringify(value)}</code>;
}

/** The audit log with its filter (a plain GET form: works without JavaScript, and the URL can be shared). */
export function AuditTable({ entries, filter }: { entries: AuditRecord[]; filter: { recordType?: string; recordId?: string } }) {
  return (
    <>
      <FilterForm
        label="Filter the audit log"
        layout="row"
        boxed={false}
        submitLabel="Filter"
        active={[filter.recordType && `Record type: ${filter.recordType}`, filter.recordId && `Record id: ${filter.recordId}`].filter((phrase): phrase is string => Boolean(phrase))}
      >
        <FilterField id="audit-type" name="type" label="Record type" defaultValue={filter.recordType} placeholder="e.g. user" />
        <FilterField id="audit-id" name="id" label="Record id" defaultValue={filter.recordId} />
      </FilterForm>
      <DeskTable
        cards
        caption="Changes, newest first"
        rows={entries}
        rowKey={(entry) => entry.id}
        rowClassName="align-top"
        empty={<p role="status">No changes recorded{filter.recordType || filter.recordId ? " for this record" : " yet"}.</p>}
        columns={[
          { header: "When", className: "whitespace-nowrap", cell: (entry) => formatShortDateTimeZone(entry.at) },
          { header: "Who", cell: (entry) => entry.actorEmail },
          { header: "What", cell: (entry) => entry.action },
          {
            header: "Record",
            cell: (entry) => (
              <a href={`/admin/audit?type=${encodeURIComponent(entry.recordType)}&id=${encodeURIComponent(entry.recordId)}`} className="underline">
                {entry.recordType} {entry.recordId}
              </a>
            ),
          },
          { header: "Before", cell: (entry) => <Values value={entry.before} /> },
          { header: "After", cell: (entry) => <Values value={entry.after} /> },
        ]}
      />
    </>
  );
}
