import { Facts } from "@/components/staff/facts";
import type { OutboxMessage } from "../../email-log-desk.queries";
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUS_MEANINGS } from "../../email-log-desk.schema";
import { HIDDEN_QUERY } from "../../redact";
import { formatShortDateTimeZone } from "@/lib/time";

/** One outgoing message as staff may read it: its delivery, then its text (links' secrets removed, or withheld). */
export function MessageFacts({ message }: { message: OutboxMessage }) {
  return (
    <Facts
      items={[
        ["To", message.to],
        ...(message.replyTo ? ([["Replies go to", message.replyTo]] as [string, React.ReactNode][]) : []),
        ["Kind", message.kind],
        [
          "Status",
          <>
            <p className="font-semibold">{OUTBOX_STATUS_LABELS[message.status]}</p>
            <p className="text-sm text-navy-700">{OUTBOX_STATUS_MEANINGS[message.status]}</p>
          </>,
        ],
        ["Attempts", String(message.attempts)],
        ["Last error", message.lastError ?? "None"],
        ["Written", formatShortDateTimeZone(message.createdAt)],
        ...(message.sentAt ? ([["Sent", formatShortDateTimeZone(message.sentAt)]] as [string, React.ReactNode][]) : []),
        ...(message.status === "pending" ? ([["Next attempt", formatShortDateTimeZone(message.nextAttemptAt)]] as [string, React.ReactNode][]) : []),
        ...(message.expiresAt ? ([["Link valid until", formatShortDateTimeZone(message.expiresAt)]] as [string, React.ReactNode][]) : []),
        ...(message.attachments.length > 0 ? ([["Attachments", message.attachments.join(", ")]] as [string, React.ReactNode][]) : []),
      ]}
    />
  );
}

export function MessageBody({ message }: { message: OutboxMessage }) {
  if (message.body === null) {
    return (
      <p className="text-navy-700">
        This message carries a personal link (a password reset, an address confirmation or a sign-in link) that works for whoever holds it, so
        its text is not shown here.
      </p>
    );
  }
  return (
    <>
      <p className="mb-2 text-sm text-navy-700">The text version. Links are shown without their details (“{HIDDEN_QUERY}”).</p>
      <pre className="overflow-x-auto rounded-md bg-sand-100 p-3 text-sm break-words whitespace-pre-wrap">{message.body}</pre>
    </>
  );
}
