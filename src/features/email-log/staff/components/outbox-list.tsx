import Link from "@/components/ui/link";
import { formatShortDateTimeZone } from "@/lib/time";
import { DeskTable } from "@/components/staff/desk-table";
import { FilterField, FilterForm, FilterSelect } from "@/components/staff/filter-form";
import { Pagination } from "@/components/staff/staff-ui";
import { OUTBOX_PAGE_SIZE, type OutboxRow } from "../../email-log-desk.queries";
import { OUTBOX_STATUSES, OUTBOX_STATUS_LABELS, SEARCH_MAX, type OutboxFilter } from "../../email-log-desk.schema";

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
    <FilterForm label="Find emails" action="/admin/emails" layout="grid" columns="sm:grid-cols-[2fr_1fr_auto]" submitLabel="Find emails"
      clearHref="/admin/emails"
      active={[filter.q && !searchError && `“${filter.q}”`, filter.status && `Status: ${OUTBOX_STATUS_LABELS[filter.status]}`].filter((phrase): phrase is string => Boolean(phrase))}
      open={Boolean(searchError)}
    >
      <FilterField id="emails-q" name="q" label="Recipient" error={searchError} type="search" defaultValue={filter.q} maxLength={SEARCH_MAX} />
      <FilterSelect id="emails-status" name="status" label="Status" defaultValue={filter.status ?? ""}>
        <option value="">Any status</option>
        {OUTBOX_STATUSES.map((status) => (
          <option key={status} value={status}>
            {OUTBOX_STATUS_LABELS[status]}
          </option>
        ))}
      </FilterSelect>
    </FilterForm>
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
            {result.total === 0 ? "No emails match." : `${result.total === 1 ? "1 email" : `${result.total} emails`}${filter.q || filter.status ? " match" : ""}.`}
          </p>
          <DeskTable
            caption="Outgoing email, newest first"
            cards
            rows={result.messages}
            rowKey={(message) => message.id}
            rowClassName="align-top"
            rowTestId="email-row"
            columns={[
              {
                header: "Subject",
                card: "title",
                cell: (message) => (
                  <>
                    <Link href={`/admin/emails/${message.id}`} className="font-semibold break-words underline underline-offset-2">
                      {message.subject}
                    </Link>
                    <span className="block text-sm text-navy-700">{message.kind}</span>
                  </>
                ),
              },
              { header: "To", className: "break-all sm:min-w-48", cell: (message) => message.to },
              { header: "Written", className: "whitespace-nowrap", cell: (message) => formatShortDateTimeZone(message.createdAt) },
              { header: "Status", card: "first", className: (message) => (message.status === "failed" ? "font-semibold text-red-800" : ""), cell: (message) => OUTBOX_STATUS_LABELS[message.status] },
              { header: "Attempts", cell: (message) => message.attempts },
              { header: "Last error", className: "max-w-xs text-sm break-words", cell: (message) => message.lastError ?? "—" },
            ]}
          />
          <Pagination href={(page) => `/admin/emails?${query(filter, { page: String(page) })}`} page={filter.page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}
