import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { listFaqsForStaff } from "@/features/content/content-desk.queries";
import { faqFields } from "@/features/content/staff/components/content-fields";
import { ContentTable } from "@/features/content/staff/components/content-table";
import { ContentForm } from "@/components/staff/content-form";
import { saveFaqAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, DoneNotice, Panel, StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "FAQs" };

export default async function FaqsPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  await requireDeskPage("/admin/content/faqs");
  const [{ done }, faqs] = await Promise.all([searchParams, listFaqsForStaff(getDb())]);
  const nextPosition = Math.min((faqs.at(-1)?.sortOrder ?? -1) + 1, 9999);
  return (
    <>
      <BackLink href="/admin/content" label="Content" />
      <StaffPageHeading title="FAQs">The frequently asked questions on the contact page, in this order.</StaffPageHeading>
      <DoneNotice done={done} messages={{ deleted: "The FAQ was deleted." }} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Questions" id="faqs-heading">
          <ContentTable
            caption="FAQs in the order the contact page shows them"
            titleHeading="Question"
            empty="No FAQs yet: the contact page shows none."
            rows={faqs.map((faq) => ({ key: faq.id, position: faq.sortOrder, title: faq.question, href: `/admin/content/faqs/${faq.id}` }))}
          />
        </Panel>
        <Panel title="Add an FAQ" id="new-faq-heading">
          <ContentForm prefix="new-faq" action={saveFaqAction} fields={faqFields} values={{ sortOrder: String(nextPosition) }} submitLabel="Add FAQ" />
        </Panel>
      </div>
    </>
  );
}
