import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getDb } from "@/db/client";
import { listCatalog } from "@/features/catalog/catalog-desk.queries";
import { CatalogTable } from "@/features/catalog/staff/components/catalog-table";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { roleAllows } from "@/lib/access-control";

export const metadata: Metadata = { title: "Catalog" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function CatalogPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/catalog");
  const archived = (await searchParams).show === "archived";
  const rows = await listCatalog(getDb(), { archived });
  const tabClass = (current: boolean) => `rounded-md px-3 py-1 font-semibold ${current ? "bg-navy-900 text-white" : "text-navy-900 underline underline-offset-2"}`;
  return (
    <>
      <StaffPageHeading title="Catalog">Products in the shop: edit them, change their stock with a reason, archive what is no longer sold. A new product is a draft, unseen by visitors, until it has stock and you publish it.</StaffPageHeading>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Which products">
          <ul className="flex gap-2">
            <li>
              <Link href="/admin/catalog" aria-current={archived ? undefined : "page"} className={tabClass(!archived)}>
                On sale and drafts
              </Link>
            </li>
            <li>
              <Link href="/admin/catalog?show=archived" aria-current={archived ? "page" : undefined} className={tabClass(archived)}>
                Archived
              </Link>
            </li>
          </ul>
        </nav>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <a href="/admin/catalog/export" className="font-semibold underline underline-offset-2" download>
            Download as CSV
          </a>
          {roleAllows(staff.role, { catalog: ["update"] }) && (
            <>
              <Link href="/admin/catalog/import" className="font-semibold underline underline-offset-2">
                Import from a CSV file
              </Link>
              <Link href="/admin/catalog/new" className="rounded-md bg-olive-700 px-4 py-2 font-semibold text-white hover:bg-olive-600">
                Add a product
              </Link>
            </>
          )}
        </p>
      </div>
      <CatalogTable rows={rows} archived={archived} />
    </>
  );
}
