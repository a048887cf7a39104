import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Content" };

const SECTIONS = [
  { href: "/admin/content/faqs", title: "FAQs", shown: "the contact page's frequently asked questions" },
  { href: "/admin/content/leaders", title: "Leadership", shown: "the leadership profiles on the about page" },
  { href: "/admin/content/training", title: "Training programs and courses", shown: "the training page and each program's page" },
  { href: "/admin/content/locations", title: "Training locations", shown: "the contact page and the pickup choices at checkout" },
  { href: "/admin/content/contact", title: "Contact details and hours", shown: "the contact page and the footer of every page" },
] as const;

export default async function ContentPage() {
  await requireDeskPage("/admin/content");
  return (
    <>
      <StaffPageHeading title="Content">What the public pages say. A change shows on the site at once, and the audit log keeps who changed what.</StaffPageHeading>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section.href} className="rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm">
            <Link href={section.href} className="text-lg font-bold text-navy-900 underline underline-offset-2">
              {section.title}
            </Link>
            <p className="mt-1 text-navy-700">Shown on {section.shown}.</p>
          </li>
        ))}
      </ul>
    </>
  );
}
