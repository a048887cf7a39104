import { formatShortDateTimeZone } from "@/lib/time";
import type { AuditRecord } from "@/lib/audit.service";

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-navy-700">—</span>;
  return <code className="break-all text-sm">{JSON.stringify(value)}</code>;
}

/** The audit log with its filter (a plain GET form: works without JavaScript, and the URL can be shared). */
export function AuditTable({ entries, filter }: { entries: AuditRecord[]; filter: { recordType?: string; recordId?: string } }) {
  const inputClass = "mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900";
  return (
    <>
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search" aria-label="Filter the audit log">
        <div>
          <label htmlFor="audit-type" className="font-medium">
            Record type
          </label>
          <input id="audit-type" name="type" defaultValue={filter.recordType} placeholder="e.g. user" className={inputClass} />
        </div>
        <div>
          <label htmlFor="audit-id" className="font-medium">
            Record id
          </label>
          <input id="audit-id" name="id" defaultValue={filter.recordId} className={inputClass} />
        </div>
        <button type="submit" className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
          Filter
        </button>
      </form>
      {entries.length === 0 ? (
        <p role="status">No changes recorded{filter.recordType || filter.recordId ? " for this record" : " yet"}.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">Changes, newest first</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-3 py-2">When</th>
                <th scope="col" className="px-3 py-2">Who</th>
                <th scope="col" className="px-3 py-2">What</th>
                <th scope="col" className="px-3 py-2">Record</th>
                <th scope="col" className="px-3 py-2">Before</th>
                <th scope="col" className="px-3 py-2">After</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-700/10">
              {entries.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{formatShortDateTimeZone(entry.at)}</td>
                  <td className="px-3 py-2">{entry.actorEmail}</td>
                  <td className="px-3 py-2">{entry.action}</td>
                  <td className="px-3 py-2">
                    <a href={`/admin/audit?type=${encodeURIComponent(entry.recordType)}&id=${encodeURIComponent(entry.recordId)}`} className="underline">
                      {entry.recordType} {entry.recordId}
                    </a>
                  </td>
                  <td className="px-3 py-2"><Values value={entry.before} /></td>
                  <td className="px-3 py-2"><Values value={entry.after} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
