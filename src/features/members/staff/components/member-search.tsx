import Link from "@/components/ui/link";
import { ROLE_LABELS } from "@/lib/access-control";
import { MEMBERS_PAGE_SIZE, type MemberRow } from "../../members-desk.queries";
import { SEARCH_MAX } from "../../members-desk.schema";
import { Pagination } from "@/components/staff/staff-ui";
import { formatLongDate } from "@/lib/time";

const fieldClass = "mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900 aria-[invalid=true]:border-red-700";

export function membershipLabel(member: Pick<MemberRow, "membership">): string {
  const plan = member.membership;
  if (!plan) return "Basic";
  return plan.active ? `${plan.planName} until ${formatLongDate(plan.renewsOn)}` : `Basic (${plan.planName} ended ${formatLongDate(plan.renewsOn)})`;
}

/** The search: a plain GET form (works without JavaScript, the URL can be shared); a refused search is said next to the field. */
function SearchForm({ q, error }: { q?: string; error?: string }) {
  return (
    <form method="get" action="/admin/members" role="search" aria-label="Find members" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-navy-700/20 bg-white p-4">
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="members-q" className="font-medium">
          Name or e-mail
        </label>
        <input
          id="members-q"
          name="q"
          type="search"
          defaultValue={error ? undefined : q}
          maxLength={SEARCH_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "members-q-error" : undefined}
          className={fieldClass}
        />
        {error && (
          <p id="members-q-error" className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
        Find members
      </button>
      <Link href="/admin/members" className="py-2 underline underline-offset-2">
        Clear
      </Link>
    </form>
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
          {result.members.length > 0 && (
            <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
              <table className="w-full text-left">
                <caption className="sr-only">Members, newest accounts first</caption>
                <thead className="bg-sand-100">
                  <tr>
                    <th scope="col" className="px-3 py-2">Member</th>
                    <th scope="col" className="px-3 py-2">Membership</th>
                    <th scope="col" className="px-3 py-2">Account</th>
                    <th scope="col" className="px-3 py-2">Joined</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-navy-700/10">
                  {result.members.map((member) => (
                    <tr key={member.id} className="align-top" data-testid="member-row">
                      <td className="px-3 py-2">
                        <Link href={`/admin/members/${member.id}`} className="font-semibold break-all underline underline-offset-2">
                          {member.name || member.email}
                        </Link>
                        {member.name && <span className="block text-sm break-all text-navy-700">{member.email}</span>}
                      </td>
                      <td className="px-3 py-2">{membershipLabel(member)}</td>
                      <td className="px-3 py-2">
                        {member.disabled ? <span className="font-semibold text-red-800">Disabled</span> : "Active"}
                        {member.role && <span className="block text-sm text-navy-700">{ROLE_LABELS[member.role]}</span>}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatLongDate(member.joinedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination href={(target) => `/admin/members?${new URLSearchParams({ ...(q ? { q } : {}), page: String(target) })}`} page={page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}
