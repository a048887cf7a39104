import Link from "@/components/ui/link";
import { ROLE_LABELS } from "@/lib/access-control";
import { MEMBERS_PAGE_SIZE, type MemberRow } from "../../members-desk.queries";
import { SEARCH_MAX } from "../../members-desk.schema";
import { DeskTable } from "@/components/staff/desk-table";
import { FilterField, FilterForm } from "@/components/staff/filter-form";
import { Pagination } from "@/components/staff/staff-ui";
import { formatLongDate } from "@/lib/time";

export function membershipLabel(member: Pick<MemberRow, "membership">): string {
  const plan = member.membership;
  if (!plan) return "Basic";
  return plan.active ? `${plan.planName} until ${formatLongDate(plan.renewsOn)}` : `Basic (${plan.planName} ended ${formatLongDate(plan.renewsOn)})`;
}

/** The search: a plain GET form (works without JavaScript, the URL can be shared); a refused search is said next to the field. */
function SearchForm({ q, error }: { q?: string; error?: string }) {
  return (
    <FilterForm label="Find members" action="/admin/members" layout="row" submitLabel="Find members" clearHref="/admin/members">
      <FilterField id="members-q" name="q" label="Name or email" className="min-w-0 flex-1 basis-64" error={error} type="search" defaultValue={error ? undefined : q} maxLength={SEARCH_MAX} />
    </FilterForm>
  );
}

export function MemberSearch({ q, error, page, result }: { q?: string; error?: string; page: number; result: { total: number; members: MemberRow[] } | null }) {
  const pageCount = result ? Math.max(1, Math.ceil(result.total / MEMBERS_PAGE_SIZE)) : 1;
  return (
    <>
      <SearchForm q={q} error={error} />
      {result && (
        <>
          <p role="status" className="mb-3">
            {result.total === 0 ? "No members match." : `${result.total === 1 ? "1 member" : `${result.total} members`}${q ? " match" : ""}.`}
          </p>
          <DeskTable
            cards
            caption="Members, newest accounts first"
            rows={result.members}
            rowKey={(member) => member.id}
            rowClassName="align-top"
            rowTestId="member-row"
            columns={[
              {
                header: "Member",
                cell: (member) => (
                  <>
                    <Link href={`/admin/members/${member.id}`} className="font-semibold break-all underline underline-offset-2">
                      {member.name || member.email}
                    </Link>
                    {member.name && <span className="block text-sm break-all text-navy-700">{member.email}</span>}
                  </>
                ),
              },
              { header: "Membership", cell: (member) => membershipLabel(member) },
              {
                header: "Account",
                cell: (member) => (
                  <>
                    {member.disabled ? <span className="font-semibold text-red-800">Disabled</span> : "Active"}
                    {member.role && <span className="block text-sm text-navy-700">{ROLE_LABELS[member.role]}</span>}
                  </>
                ),
              },
              { header: "Joined", className: "whitespace-nowrap", cell: (member) => formatLongDate(member.joinedAt) },
            ]}
          />
          <Pagination href={(target) => `/admin/members?${new URLSearchParams({ ...(q ? { q } : {}), page: String(target) })}`} page={page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}
