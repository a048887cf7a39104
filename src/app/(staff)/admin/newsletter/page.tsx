import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { listIssues, subscriberCounts } from "@/features/newsletter/newsletter-desk.queries";
import { IssueForm } from "@/features/newsletter/staff/components/newsletter-staff-forms";
import { IssuesTable } from "@/features/newsletter/staff/components/newsletter-staff-views";
import { Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { roleAllows } from "@/lib/access-control";

export const metadata: Metadata = { title: "Newsletter" };

export default async function NewsletterDeskPage() {
  const staff = await requireDeskPage("/admin/newsletter");
  const db = getDb();
  const [issues, counts] = await Promise.all([listIssues(db), subscriberCounts(db)]);
  return (
    <>
      <StaffPageHeading title="Newsletter">
        Write a newsletter, check it in the preview and in a test email to yourself, then send it to everyone who confirmed their
        subscription. {counts.confirmed === 1 ? "1 confirmed subscriber" : `${counts.confirmed} confirmed subscribers`}
        {counts.pending > 0 && `, ${counts.pending} waiting to confirm`}.{" "}
        <Link href="/admin/newsletter/subscribers" className="font-semibold underline underline-offset-2">
          Subscribers
        </Link>
      </StaffPageHeading>
      <div className="space-y-6">
        {roleAllows(staff.role, { newsletter: ["send"] }) && (
          <Panel title="New newsletter" id="new-issue-heading">
            <IssueForm />
          </Panel>
        )}
        <section aria-labelledby="issues-heading">
          <h2 id="issues-heading" className="mb-3 text-lg font-bold text-navy-900">
            Newsletters
          </h2>
          <IssuesTable issues={issues} />
        </section>
      </div>
    </>
  );
}
