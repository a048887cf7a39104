import { Fragment } from "react";
import Link from "@/components/ui/link";

export interface Crumb {
  href: string;
  label: string;
}

/** Where a page sits, on a dark hero: links to the pages above it, then the page itself. */
export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-white/80">
        {trail.map((crumb) => (
          <Fragment key={crumb.href}>
            <li>
              <Link href={crumb.href} className="hover:text-white hover:underline">
                {crumb.label}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
          </Fragment>
        ))}
        <li>
          <span aria-current="page" className="text-white">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/**
 * A record's page opens with this dark band: the breadcrumb, then the record's own heading (whose id
 * is `labelledBy`) and whatever goes with it. `narrow` keeps it to the width of a text column.
 */
export function BreadcrumbHero({ labelledBy, narrow = false, trail, current, children }: { labelledBy: string; narrow?: boolean; trail: Crumb[]; current: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className="bg-navy-900 pb-14 pt-24 text-white sm:pt-28">
      <div className={narrow ? "container-page max-w-4xl" : "container-page"}>
        <Breadcrumb trail={trail} current={current} />
        {children}
      </div>
    </section>
  );
}
