import Link from "@/components/ui/link";
import { contactCategoryLabel } from "../../contact.fields";
import type { MessageThread, ThreadEvent } from "../../contact-desk.queries";
import { formatShortDateTimeZone } from "@/lib/time";

const delivery: Record<NonNullable<ThreadEvent["delivery"]>, string> = {
  pending: "Email waiting in the outbox",
  sent: "Email sent",
  failed: "Email could not be delivered",
  expired: "Email expired in the outbox",
};

/** The sender's message and what staff did with it: replies (emailed) and notes (staff only), oldest first. */
export function ThreadView({ thread }: { thread: MessageThread }) {
  const { message, events } = thread;
  return (
    <ol className="space-y-4" aria-label="Thread, oldest first">
      <li>
        <article aria-labelledby="thread-original" className="rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm">
          <h3 id="thread-original" className="font-bold text-navy-900">
            {message.name} wrote
          </h3>
          <dl className="mt-1 grid gap-x-3 text-sm text-navy-700 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">
              <a href={`mailto:${message.email}`} className="underline">
                {message.email}
              </a>
              {thread.senderAccountId && (
                <>
                  {" "}
                  (
                  <Link href={`/admin/members/${thread.senderAccountId}`} className="underline">
                    member account
                  </Link>
                  )
                </>
              )}
            </dd>
            {message.phone && (
              <>
                <dt className="font-semibold">Phone</dt>
                <dd>{message.phone}</dd>
              </>
            )}
            <dt className="font-semibold">About</dt>
            <dd>{contactCategoryLabel(message.category)}</dd>
            <dt className="font-semibold">Received</dt>
            <dd>{formatShortDateTimeZone(message.createdAt)}</dd>
          </dl>
          <p className="mt-3 whitespace-pre-wrap break-words text-navy-900">{message.message}</p>
        </article>
      </li>
      {events.map((event) => (
        <li key={event.id}>
          <article
            aria-labelledby={`thread-event-${event.id}`}
            className={`rounded-lg border p-4 shadow-sm ${event.kind === "note" ? "border-dashed border-gold-700 bg-sand-100" : "border-olive-600/50 bg-white"}`}
          >
            <h3 id={`thread-event-${event.id}`} className="font-bold text-navy-900">
              {event.kind === "reply" ? "Reply" : "Note (staff only)"} by {event.authorEmail}
            </h3>
            <p className="text-sm text-navy-700">
              {formatShortDateTimeZone(event.createdAt)}
              {event.kind === "reply" && event.delivery && ` · ${delivery[event.delivery]}`}
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words text-navy-900">{event.body}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
