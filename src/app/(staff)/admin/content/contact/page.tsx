import { getDb } from "@/db/client";
import type { Metadata } from "next";
import { getSiteContact } from "@/features/content/content.queries";
import { siteContactFields } from "@/features/content/staff/components/content-fields";
import { ContentForm } from "@/components/staff/content-form";
import { saveSiteContactAction } from "@/features/content/staff/content.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { BackLink, Panel, StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Contact details" };

export default async function ContactDetailsPage() {
  await requireDeskPage("/admin/content/contact");
  const contact = await getSiteContact(getDb());
  const values = { email: contact.email, phone: contact.phone, phoneHours: contact.phoneHours, ...contact.address };
  return (
    <>
      <BackLink href="/admin/content" label="Content" />
      <StaffPageHeading title="Contact details and hours">
        Shown on the contact page and in the footer of every page. Emails and the legal pages keep the details written into the site.
      </StaffPageHeading>
      <div className="max-w-2xl">
        <Panel title="How to reach the association" id="contact-heading">
          <ContentForm prefix="contact" action={saveSiteContactAction} fields={siteContactFields} values={values} submitLabel="Save contact details" />
        </Panel>
      </div>
    </>
  );
}
