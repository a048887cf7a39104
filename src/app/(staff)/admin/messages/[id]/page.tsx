import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getThread } from "@/features/contact/contact-desk.queries";
import { parseMessageId } from "@/features/contact/contact-desk.service";
import { StatusBadge } from "@/features/contact/staff/components/status-badge";
import { NoteForm, ReplyForm, StatusForm } from "@/features/contact/staff/components/thread-forms";
import { ThreadView } from "@/features/contact/staff/components/thread-view";
import { requireDeskPage } from "@/features/staff/desk-access";
import { Panel } from "@/components/staff/staff-ui";
import { roleAllows } from "@/lib/access-control";
import { site } from "@/lib/site";

export const metadata: Metadata = { title: "Message" };

export default async function MessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: rawId } = await params;
  const id = parseMessageId(rawId);
  const staff = await requireDeskPage("/admin/messages/[id]", id === null ? "/admin/messages" : `/admin/messages/${id}`);
  if (id === null) notFound();
  const thread = await getThread(getDb(), id);
  if (!thread) notFound();
  const { message } = thread;
  const mayReply = roleAllows(staff.role, { message: ["reply"] });
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/messages" className="font-semibold text-navy-900 underline underline-offset-2">
          ← All messages
        </Link>
      </p>
      <div className="mb-6">
        <h1 className="break-words text-2xl font-bold text-navy-900 sm:text-3xl">{message.subject}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-navy-700">
          <span>Status:</span> <StatusBadge status={message.status} />
          <Link href={`/admin/audit?type=contact_message&id=${message.id}`} className="text-sm underline">
            History in the audit log
          </Link>
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <Panel title="Thread" id="thread-heading">
          <ThreadView thread={thread} />
        </Panel>
        {mayReply && (
          <div className="space-y-4">
            <Panel title="Reply by email" id="reply-heading">
              <ReplyForm messageId={message.id} to={message.email} replyTo={site.email} />
            </Panel>
            <Panel title="Internal note" id="note-heading">
              <NoteForm messageId={message.id} />
            </Panel>
            <Panel title={message.status === "closed" ? "Reopen" : "Close"} id="status-heading">
              <p className="mb-3 text-sm text-navy-700">
                {message.status === "closed"
                  ? "Closed: nothing left to do. Reopen it if it needs attention again."
                  : "Close the message when nothing is left to do. It stays here and can be reopened."}
              </p>
              <StatusForm messageId={message.id} status={message.status} />
            </Panel>
          </div>
        )}
      </div>
    </>
  );
}
