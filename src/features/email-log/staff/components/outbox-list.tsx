import Link from "@/components/ui/link";
import { Pagination } from "@/components/staff/staff-ui";
import { OUTBOX_PAGE_SIZE, type OutboxRow } from "../../email-log-desk.queries";
import { OUTBOX_STATUSES, OUTBOX_STATUS_LABELS, SEARCH_MAX, type OutboxFilter } from "../../email-log-desk.schema";
import { formatShortDateTimeZone } from "@/lib/time";

const fieldClass = "mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900 aria-[invalid=true]:border-red-700";

function query(filter: OutboxFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

/** Status and recipient: a plain GET form, so it works without JavaScript and the URL can be shared. */
function Filters({ filter, searchError }: { filter: OutboxFilter; searchError?: string }) {
  return (
    <form method="get" action="/admin/emails" role="search" aria-label="Find e-mails" className="mb-6 grid gap-3 rounded-lg border border-navy-700/20 bg-white p-4 sm:grid-cols-[2fr_1fr_auto]">
      <div>
        <label htmlFor="emails-q" className="font-medium">
          Recipient
        </label>
        <input
          id="emails-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          maxLength={SEARCH_MAX}
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? "emails-q-error" : undefined}
          className={fieldClass}
        />
        {searchError && (
          <p id="emails-q-error" className="mt-1 text-sm font-medium text-red-800">
            {searchError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="emails-status" className="font-medium">
          Status
        </label>
        <select id="emails-status" name="status" defaultValue={filter.status ?? ""} className={fieldClass}>
          <option value="">Any status</option>
          {OUTBOX_STATUSES.map((status) => (
            <option key={status} value={status}>
              {OUTBOX_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
          Find e-mails
        </button>
        <Link href="/admin/emails" className="py-2 underline underline-offset-2">
          Clear
        </Link>
      </div>
    </form>
  );
}

export function OutboxList({ filter, searchError, result }: { filter: OutboxFilter; searchError?: string; result: { total: number; messages: OutboxRow[] } | null }) {
  const pageCount = result ? Math.max(1, Math.ceil(result.total / OUTBOX_PAGE_SIZE)) : 1;
  return (
    <>
      <Filters filter={filter} searchError={searchError} />
      {result && (
        <>
          <p role="status" className="mb-3">
            {result.total === 0 ? "No e-mails match." : `${result.total === 1 ? "1 e-mail" : `${result.total} e-mails`}${filter.q || filter.status ? " match" : ""}.`}
          </p>
          {result.messages.length > 0 && (
            <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
              <table className="w-full text-left">
                <caption className="sr-only">Outgoing e-mail, newest first</caption>
                <thead className="bg-sand-100">
                  <tr>
                    <th scope="col" className="px-3 py-2">Subject</th>
                    <th scope="col" className="px-3 py-2">To</th>
                    <th scope="col" className="px-3 py-2">Written</th>
                    <th scope="col" className="px-3 py-2">Status</th>
                    <th scope="col" className="px-3 py-2">Attempts</th>
                    <th scope="col" className="px-3 py-2">Last error</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-navy-700/10">
                  {result.messages.map((message) => (
                    <tr key={message.id} className="align-top" data-testid="email-row">
                      <td className="px-3 py-2">
                        <Link href={`/admin/emails/${message.id}`} className="font-semibold break-words underline underline-offset-2">
                          {message.subject}
                        </Link>
                        <span className="block text-sm text-navy-700">{message.kind}</span>
                      </td>
                      <td className="px-3 py-2 break-all">{message.to}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatShortDateTimeZone(message.createdAt)}</td>
                      <td className={`px-3 py-2 ${message.status === "failed" ? "font-semibold text-red-800" : ""}`}>{OUTBOX_STATUS_LABELS[message.status]}</td>
                      <td className="px-3 py-2">{message.attempts}</td>
                      <td className="max-w-xs px-3 py-2 text-sm break-words">{message.lastError ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination href={(page) => `/admin/emails?${query(filter, { page: String(page) })}`} page={filter.page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}
