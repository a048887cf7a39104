import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { listOutbox } from "@/features/email-log/email-log-desk.queries";
import { parseOutboxFilter } from "@/features/email-log/email-log-desk.schema";
import { OutboxList } from "@/features/email-log/staff/components/outbox-list";
import { StatusMeanings } from "@/features/email-log/staff/components/status-meanings";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Email log" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function EmailLogPage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/emails");
  const { filter, searchError } = parseOutboxFilter(await searchParams);
  const result = searchError ? null : await listOutbox(getDb(), filter);
  return (
    <>
      <StaffPageHeading title="Email log">
        Every email the site writes waits here until it is delivered. A message the mail server refuses for good is marked failed at once, one it keeps turning away for a while after 8 attempts; one whose link lapsed before it could be sent is marked expired.
      </StaffPageHeading>
      <StatusMeanings />
      <OutboxList filter={filter} searchError={searchError} result={result} />
    </>
  );
}
