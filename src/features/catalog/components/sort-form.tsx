import { sortOptions, type ProductCategory, type ProductSort } from "../catalog.schema";
import { SortSelect } from "./sort-select";

/**
 * Sorting is a GET form, so the choice lives in the URL (`/shop?category=gear&sort=price-asc`), survives
 * reloads and works without JavaScript. With it, the select navigates on its own as soon as the choice
 * changes (sort-select.tsx); a plain form rather than next/form keeps that component's JavaScript off
 * the shop page.
 */
export function SortForm({ category, sort }: { category: ProductCategory | undefined; sort: ProductSort }) {
  return (
    <form action="/shop" method="get" className="flex items-center gap-2" data-testid="sort-form">
      {category && <input type="hidden" name="category" value={category} />}
      <label htmlFor="shop-sort" className="text-sm font-medium text-navy-800">
        Sort by
      </label>
      <SortSelect id="shop-sort" value={sort} options={sortOptions} />
      {/* Always shown: without JavaScript it is the only way to apply the choice, and with it nothing moves when the page hydrates. */}
      <button type="submit" className="rounded-md bg-navy-900 px-3 py-2 text-sm font-semibold text-white hover:bg-navy-800">
        Apply
      </button>
    </form>
  );
}
