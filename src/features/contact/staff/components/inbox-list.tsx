import Link from "@/components/ui/link";
import { RESPONSE_HOURS, contactCategoryLabel, contactStatuses, type ContactStatus } from "../../contact.fields";
import { INBOX_PAGE_SIZE, type InboxMessage } from "../../contact-desk.queries";
import { StatusBadge } from "./status-badge";
import { formatShortDateTimeZone } from "@/lib/time";

const filterClass = "inline-block rounded-md border border-navy-700/40 px-3 py-1.5 font-semibold text-navy-900 hover:bg-sand-200 aria-[current=page]:border-navy-900 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white";

/** "All", "New", "Answered", "Closed": plain links, so the filter works without JavaScript and can be shared. */
function StatusFilter({ current }: { current?: ContactStatus }) {
  const options: { href: string; label: string; value?: ContactStatus }[] = [
    { href: "/admin/messages", label: "All" },
    ...contactStatuses.map((s) => ({ href: `/admin/messages?status=${s.value}`, label: s.label, value: s.value })),
  ];
  return (
    <nav aria-label="Filter by status" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.href}>
            <Link href={option.href} aria-current={option.value === current ? "page" : undefined} className={filterClass}>
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The inbox: newest first, each message a link to its page; new ones say when the promised answer is due. */
export function InboxList({ messages, total, status, now }: { messages: InboxMessage[]; total: number; status?: ContactStatus; now: Date }) {
  const which = status ? `${contactStatuses.find((s) => s.value === status)?.label.toLowerCase()} ` : "";
  return (
    <>
      <StatusFilter current={status} />
      <p role="status" className="mb-3 text-navy-700">
        {total === 0 ? `No ${which}messages.` : `${total} ${which}message${total === 1 ? "" : "s"}${total > INBOX_PAGE_SIZE ? `, the newest ${INBOX_PAGE_SIZE} shown` : ""}.`}
      </p>
      {messages.length > 0 && (
        <ul className="divide-y divide-navy-700/10 rounded-lg border border-navy-700/20 bg-white">
          {messages.map((message) => {
            const due = new Date(message.createdAt.getTime() + RESPONSE_HOURS * 3_600_000);
            const overdue = message.status === "new" && due < now;
            return (
              <li key={message.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 sm:p-4">
                <div className="min-w-0">
                  <Link href={`/admin/messages/${message.id}`} className="break-words font-semibold text-navy-900 underline underline-offset-2 hover:text-olive-700">
                    {message.subject}
                  </Link>
                  <p className="break-words text-sm text-navy-700">
                    {message.name} · {message.email} · {contactCategoryLabel(message.category)}
                  </p>
                  <p className="text-sm text-navy-700">
                    Received {formatShortDateTimeZone(message.createdAt)}
                    {message.status === "new" && (
                      <span className={overdue ? "font-semibold text-red-800" : undefined}>
                        {" "}
                        · {overdue ? "Overdue: the reply was due" : "Reply by"} {formatShortDateTimeZone(due)}
                      </span>
                    )}
                  </p>
                </div>
                <StatusBadge status={message.status} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
