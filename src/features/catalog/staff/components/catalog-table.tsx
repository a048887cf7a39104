import { DeskTable } from "@/components/staff/desk-table";
import Link from "@/components/ui/link";
import type { CatalogRow, CatalogVariant } from "../../catalog-desk.queries";

export function StockSummary({ variants }: { variants: CatalogVariant[] }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {variants.map((variant) => (
        <li key={variant.id} className={variant.low ? "font-semibold text-red-800" : undefined}>
          {variant.size ? `${variant.size}: ` : ""}
          {variant.stock}
          {variant.low && <span> (low)</span>}
        </li>
      ))}
    </ul>
  );
}

/** The catalog as a table: on a phone each product a card (DeskTable `cards`) rather than squeezed columns. */
export function CatalogTable({ rows, archived }: { rows: CatalogRow[]; archived: boolean }) {
  return (
    <DeskTable
      cards
      caption={`${archived ? "Archived products" : "Products on sale and drafts"}, by name`}
      rows={rows}
      rowKey={(row) => row.id}
      rowClassName="align-top"
      rowTestId="catalog-row"
      empty={<p role="status">{archived ? "No archived products." : "No products yet."}</p>}
      columns={[
        {
          header: "Product",
          rowHeader: true,
          className: "font-semibold",
          cell: (row) => (
            <>
              <Link href={`/admin/catalog/${row.id}`} className="text-navy-900 underline underline-offset-2">
                {row.name}
              </Link>
              {row.draft && (
                <span data-testid="catalog-state" className="ml-2 rounded-sm border border-navy-900 px-1.5 text-sm font-semibold text-navy-900">
                  Draft
                </span>
              )}
              {row.featured && <span className="ml-2 text-sm font-normal text-olive-700">Featured</span>}
            </>
          ),
        },
        { header: "Category", cell: (row) => row.categoryLabel },
        { header: "Price", className: "whitespace-nowrap", cell: (row) => row.price },
        { header: "Stock", cell: (row) => <StockSummary variants={row.variants} /> },
      ]}
    />
  );
}
