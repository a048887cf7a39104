"use client";

import { usePathname } from "next/navigation";
import Link from "@/components/ui/link";

export interface MenuDesk {
  href: string;
  label: string;
}

/** The desk a path belongs to: the longest desk address it starts with (the dashboard only for /admin itself). */
export function currentDesk(desks: MenuDesk[], pathname: string): MenuDesk | undefined {
  return desks
    .filter((desk) => pathname === desk.href || (desk.href !== "/admin" && pathname.startsWith(`${desk.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0];
}

/**
 * The staff area's navigation. On a phone it is one "Menu" button naming the current desk, which opens the
 * desks; from a laptop's width they show in a row (globals.css, `.staff-menu`). A native
 * `<details>`: it opens without JavaScript, and text browsers read every link. The current desk is known
 * from the address while the page renders, so it is named without JavaScript too.
 */
export function StaffMenu({ desks }: { desks: MenuDesk[] }) {
  const pathname = usePathname();
  const current = currentDesk(desks, pathname);
  return (
    // Keyed by the address: a link followed inside the open menu lands on a page with the menu closed.
    <details key={pathname} className="staff-menu border-t border-white/15 lg:border-t-0">
      <summary className="mx-auto flex max-w-6xl cursor-pointer list-none items-center justify-between gap-3 px-4 py-2 font-semibold [&::-webkit-details-marker]:hidden">
        <span>
          Menu<span className="font-normal text-white/80">{current ? ` · ${current.label}` : ""}</span>
        </span>
        <span aria-hidden="true">▾</span>
      </summary>
      <nav aria-label="Staff area" className="border-t border-white/15">
        <ul className="mx-auto flex max-w-6xl flex-col gap-y-1 px-4 py-2 lg:flex-row lg:flex-wrap lg:gap-x-5">
          {desks.map((desk) => (
            <li key={desk.href}>
              <Link
                href={desk.href}
                aria-current={desk === current ? "page" : undefined}
                className="inline-block py-1 font-semibold underline-offset-4 hover:underline aria-[current=page]:underline"
              >
                {desk.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
