import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getFaqForStaff } from "@/features/content/content-desk.queries";
import { formValues } from "@/components/staff/content-fields";
import { faqFields } from "@/features/content/staff/components/content-fields";
import { ContentForm, DeleteForm } from "@/components/staff/content-form";
import { deleteFaqAction, saveFaqAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { parseDatabaseId } from "@/lib/database-id";

export const metadata: Metadata = { title: "Edit FAQ" };

export default async function FaqPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseDatabaseId((await params).id);
  await requireDeskPage("/admin/content/faqs/[id]", id === undefined ? "/admin/content/faqs" : `/admin/content/faqs/${id}`);
  if (id === undefined) notFound();
  const faq = await getFaqForStaff(getDb(), id);
  if (!faq) notFound();
  return (
    <>
      <BackLink href="/admin/content/faqs" label="All FAQs" />
      <StaffPageHeading title="Edit FAQ">
        <span className="break-words">{faq.question}</span>
      </StaffPageHeading>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Panel title="Question and answer" id="faq-heading">
          <ContentForm prefix="faq" action={saveFaqAction} fields={faqFields} values={formValues(faq)} hidden={{ id: String(faq.id) }} submitLabel="Save FAQ" />
        </Panel>
        <Panel title="Delete" id="delete-heading">
          <DeleteForm prefix="delete-faq" action={deleteFaqAction} id={String(faq.id)} label="Delete this FAQ" hint="The contact page stops showing it. The audit log keeps a copy." confirm="Yes, delete this FAQ" />
        </Panel>
      </div>
    </>
  );
}
