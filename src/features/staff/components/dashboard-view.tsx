import Link from "@/components/ui/link";
import { formatEventDate, formatLongDate } from "@/lib/time";
import type { Dashboard } from "../dashboard.queries";
import { Count, Notice, Panel } from "@/components/staff/staff-ui";

/**
 * What needs doing today: unpaid orders (`unpaidOrders`, the orders desk's panels), new messages, service
 * verifications, the next events, low stock and email.
 */
export function DashboardView({ dashboard, emailEnabled, unpaidOrders }: { dashboard: Dashboard; emailEnabled: boolean; unpaidOrders: React.ReactNode }) {
  const { newMessages, verifications, nextEvents, lowStock, email } = dashboard;
  return (
    <>
      {!emailEnabled && (
        <Notice tone="warning" title="Email is turned off">
          SMTP_URL is not set on the server, so no email leaves the site: confirmations, password resets and replies wait in the
          outbox ({email.pending} waiting now). Links that expire while mail is off are not sent later.
        </Notice>
      )}
      {emailEnabled && email.failed > 0 && (
        <Notice tone="warning" title={`${email.failed} email${email.failed === 1 ? "" : "s"} could not be delivered`}>
          The mail server refused them after several attempts.
        </Notice>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {unpaidOrders}
        <Panel title="New messages" id="messages-heading">
          <Count value={newMessages.count} label="unanswered" />
          <p className="mb-2 text-sm">
            <Link href="/admin/messages?status=new" className="underline">
              All new messages
            </Link>
          </p>
          {newMessages.latest.length === 0 ? (
            <p className="text-navy-700">No new messages.</p>
          ) : (
            <ul className="divide-y divide-navy-700/10">
              {newMessages.latest.map((message) => (
                <li key={message.id} className="py-2">
                  <Link href={`/admin/messages/${message.id}`} className="font-semibold underline underline-offset-2 hover:text-olive-700">
                    {message.subject}
                  </Link>
                  <span className="block text-sm text-navy-700">
                    {message.name} · {formatLongDate(message.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Service verifications" id="verifications-heading">
          <Count value={verifications.waiting} label="to review" />
          {verifications.oldestRequestedAt ? (
            <p className="text-navy-700">
              Oldest waiting since {formatLongDate(verifications.oldestRequestedAt)}.{" "}
              <Link href="/admin/verifications" className="underline underline-offset-2">
                Review requests
              </Link>
            </p>
          ) : (
            <p className="text-navy-700">No requests waiting.</p>
          )}
        </Panel>
        <Panel title="Next events" id="events-heading">
          {nextEvents.length === 0 ? (
            <p className="text-navy-700">No upcoming events.</p>
          ) : (
            <ul className="divide-y divide-navy-700/10">
              {nextEvents.map((event) => (
                <li key={event.id} className="py-2">
                  <span className="font-semibold">{event.title}</span>
                  <span className="block text-sm text-navy-700">
                    {formatEventDate(event.startsAt, event.timeZone)} · {event.seatsTaken}
                    {event.capacity === null ? " registered (no limit)" : ` of ${event.capacity} seats taken`}
                    {event.waitlist > 0 && ` · ${event.waitlist} on the waitlist`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Low stock" id="stock-heading">
          {lowStock.length === 0 ? (
            <p className="text-navy-700">Every item is above its low-stock threshold.</p>
          ) : (
            <ul className="divide-y divide-navy-700/10">
              {lowStock.map((item) => (
                <li key={`${item.productId}-${item.size ?? ""}`} className="flex justify-between gap-4 py-2">
                  <Link href={`/admin/catalog/${item.productId}`} className="underline underline-offset-2">
                    {item.name}
                    {item.size && ` (${item.size})`}
                  </Link>
                  <span className={item.stock === 0 ? "font-semibold text-red-800" : "text-navy-700"}>{item.stock === 0 ? "Sold out" : `${item.stock} left`}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
