import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { contactStatuses, type ContactStatus } from "@/features/contact/contact.fields";
import { listInbox } from "@/features/contact/contact-desk.queries";
import { InboxList } from "@/features/contact/staff/components/inbox-list";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { systemNow } from "@/lib/clock";
import { site } from "@/lib/site";

export const metadata: Metadata = { title: "Messages" };

type Search = Promise<{ status?: string | string[] }>;

/** A status from the query string, or undefined (all messages) for anything else. */
function statusFilter(value: string | string[] | undefined): ContactStatus | undefined {
  return contactStatuses.find((s) => s.value === value)?.value;
}

export default async function MessagesPage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/messages");
  const status = statusFilter((await searchParams).status);
  const { messages, total } = await listInbox(getDb(), status);
  return (
    <>
      <StaffPageHeading title="Messages">
        What visitors sent through the contact form, newest first. The contact page promises: “{site.responsePromise}”
      </StaffPageHeading>
      {/* Messages are stamped by the database's clock, so "overdue" compares with the system's, not CLOCK_START. */}
      <InboxList messages={messages} total={total} status={status} now={systemNow()} />
    </>
  );
}
