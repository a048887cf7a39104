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

/** The catalog as a table (it scrolls sideways on a phone rather than squeezing the columns). */
export function CatalogTable({ rows, archived }: { rows: CatalogRow[]; archived: boolean }) {
  if (rows.length === 0) return <p role="status">{archived ? "No archived products." : "No products on sale yet."}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">{archived ? "Archived products" : "Products on sale"}, by name</caption>
        <thead className="bg-sand-100">
          <tr>
            <th scope="col" className="px-3 py-2">Product</th>
            <th scope="col" className="px-3 py-2">Category</th>
            <th scope="col" className="px-3 py-2">Price</th>
            <th scope="col" className="px-3 py-2">Stock</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {rows.map((row) => (
            <tr key={row.id} data-testid="catalog-row" className="align-top">
              <th scope="row" className="px-3 py-2 font-semibold">
                <Link href={`/admin/catalog/${row.id}`} className="text-navy-900 underline underline-offset-2">
                  {row.name}
                </Link>
                {row.featured && <span className="ml-2 text-sm font-normal text-olive-700">Featured</span>}
              </th>
              <td className="px-3 py-2">{row.categoryLabel}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.price}</td>
              <td className="px-3 py-2">
                <StockSummary variants={row.variants} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
