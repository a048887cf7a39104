import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { signOutAction } from "@/features/members/members.actions";
import { getCurrentMember } from "@/lib/auth/session";
import { DESKS } from "@/features/staff/desks";
import { StaffMenu } from "@/components/staff/staff-menu";
import { ROLE_LABELS, roleAllows } from "@/lib/access-control";
import { site } from "@/lib/site";

export const metadata: Metadata = {
  title: { default: "Staff area", template: `%s | Staff area | ${site.shortName}` },
  robots: { index: false, follow: false },
};

/**
 * The staff area's own frame, outside the public layout. It shows its navigation to staff only;
 * every page asks for its desk's permission (`@/features/staff/desks`; a visitor is sent to sign in,
 * anyone else gets the 404).
 */
export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  const member = await getCurrentMember();
  if (!member?.role) return children; // the page sends a visitor to sign in, anyone else to the 404 page
  const staff = { ...member, role: member.role };
  return (
    <div className="min-h-dvh bg-sand-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900">
        Skip to main content
      </a>
      <header className="bg-navy-900 text-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
            <p className="font-bold">
              {site.shortName} <span className="font-normal text-white/80">staff area</span>
            </p>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                {staff.email} · {ROLE_LABELS[staff.role]}
              </span>
              <Link href="/" className="underline underline-offset-2 hover:text-gold-400">
                View site
              </Link>
              <form action={signOutAction}>
                <button type="submit" className="rounded-md border border-white/70 px-3 py-1 font-semibold hover:bg-white hover:text-navy-900">
                  Sign out
                </button>
              </form>
            </div>
          </div>
          <StaffMenu desks={DESKS.filter((desk) => roleAllows(staff.role, desk.permission)).map(({ href, label }) => ({ href, label }))} />
        </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none sm:py-8">
        {children}
      </main>
    </div>
  );
}
