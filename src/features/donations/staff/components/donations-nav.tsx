import Link from "@/components/ui/link";

const SECTIONS = [
  { href: "/admin/donations", label: "Gifts" },
  { href: "/admin/donations/totals", label: "Totals by month" },
  { href: "/admin/donations/monthly", label: "Monthly donors" },
  { href: "/admin/donations/statements", label: "Year-end statements" },
] as const;

export type DonationsSection = (typeof SECTIONS)[number]["href"];

/** The donations desk's sections, the current one marked for screen readers and by its underline. */
export function DonationsNav({ current }: { current: DonationsSection }) {
  return (
    <nav aria-label="Donations" className="mb-6 flex flex-wrap gap-x-5 gap-y-2 border-b border-navy-700/20 pb-2">
      {SECTIONS.map((section) => (
        <Link
          key={section.href}
          href={section.href}
          aria-current={section.href === current ? "page" : undefined}
          className={`py-1 font-semibold underline-offset-4 ${section.href === current ? "text-navy-900 underline decoration-4 decoration-olive-600" : "text-navy-700 hover:underline"}`}
        >
          {section.label}
        </Link>
      ))}
    </nav>
  );
}
