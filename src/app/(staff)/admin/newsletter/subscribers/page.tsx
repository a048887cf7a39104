import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { parsePage } from "@/features/members/members-desk.schema";
import { requireDeskPage } from "@/features/staff/desk-access";
import { listSubscribers, subscriberCounts } from "@/features/newsletter/newsletter-desk.queries";
import { SubscribersTable } from "@/features/newsletter/staff/components/newsletter-staff-views";
import { PaperSignUpForm, StaffUnsubscribeForm } from "@/features/newsletter/staff/components/subscriber-forms";
import { Pagination, Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { CsvFileLinks } from "@/components/staff/csv-import-page";
import { roleAllows } from "@/lib/access-control";
import { CONFIRM_LINK_DAYS } from "@/features/newsletter/newsletter.service";

export const metadata: Metadata = { title: "Newsletter subscribers" };

type Search = Promise<{ page?: string | string[] }>;

export default async function NewsletterSubscribersPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/newsletter/subscribers");
  const db = getDb();
  const [{ subscribers, page, pageCount }, counts] = await Promise.all([listSubscribers(db, parsePage((await searchParams).page)), subscriberCounts(db)]);
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/newsletter" className="font-semibold text-navy-900 underline underline-offset-2">
          ← Newsletter
        </Link>
      </p>
      <StaffPageHeading title="Subscribers">
        {counts.confirmed} confirmed, {counts.pending} waiting to confirm (a sign-up not confirmed within {CONFIRM_LINK_DAYS} days is deleted). Only
        confirmed addresses get the newsletter (an address from a paper sign-up sheet is confirmed by the sheet); anyone who unsubscribes is removed at once.
        <CsvFileLinks
          exportHref="/admin/newsletter/subscribers.csv"
          importHref={roleAllows(staff.role, { newsletter: ["send"] }) ? "/admin/newsletter/subscribers/import" : undefined}
          importLabel="Import a list from a CSV file"
        />
      </StaffPageHeading>
      {roleAllows(staff.role, { newsletter: ["send"] }) && (
        <div className="mb-6 grid gap-4 lg:grid-cols-2">
          <Panel title="Add from a paper sign-up sheet" id="paper-heading">
            <PaperSignUpForm />
          </Panel>
          <Panel title="Unsubscribe someone who asked by phone or in person" id="unsubscribe-heading">
            <StaffUnsubscribeForm />
          </Panel>
        </div>
      )}
      <SubscribersTable subscribers={subscribers} />
      <Pagination href={(n) => `/admin/newsletter/subscribers?page=${n}`} page={page} pageCount={pageCount} />
    </>
  );
}
