import Link from "@/components/ui/link";
import { categoryLabels, productCategories, shopHref, type ProductCategory, type ProductSort } from "../catalog.schema";

export type CategoryCounts = { all: number } & Record<ProductCategory, number>;

interface FilterProps {
  active: ProductCategory | undefined;
  /** True when the URL named a category that does not exist: then no option is current. */
  unknown?: boolean;
  counts: CategoryCounts;
  sort: ProductSort;
}

function options(counts: CategoryCounts) {
  return [
    { value: undefined, label: "All", count: counts.all },
    ...productCategories.map((c) => ({ value: c, label: categoryLabels[c], count: counts[c] })),
  ];
}

/** Category links with counts; they keep the current sort. */
function CategoryLinks({ active, unknown = false, counts, sort }: FilterProps) {
  return (
    <ul className="flex flex-col gap-1">
      {options(counts).map((option) => {
        const current = !unknown && option.value === active;
        return (
          <li key={option.label}>
            <Link
              href={shopHref({ category: option.value, sort })}
              aria-current={current ? "page" : undefined}
              // One name for assistive tech ("Apparel (2)") instead of the badge's split text.
              aria-label={`${option.label} (${option.count})`}
              scroll={false}
              className={`flex items-center justify-between rounded-md px-3 py-2 font-medium transition-colors ${
                current ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-sand-200"
              }`}
            >
              <span>{option.label}</span>
              <span className={`rounded-full px-2 text-sm ${current ? "bg-white/15 text-white" : "bg-sand-200 text-navy-800"}`}>
                {option.count}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Desktop: a sidebar. */
export function CategorySidebar(props: FilterProps) {
  return (
    <nav aria-labelledby="shop-categories-heading" className="hidden lg:block" data-testid="category-sidebar">
      <h2 id="shop-categories-heading" className="mb-3 text-sm font-semibold uppercase tracking-wider text-navy-800">
        Categories
      </h2>
      <CategoryLinks {...props} />
    </nav>
  );
}

/** Mobile: a collapsible panel. A native <details>, so it opens and closes without JavaScript. */
export function CategoryPanel(props: FilterProps) {
  const currentLabel = props.unknown ? "Unknown" : props.active ? categoryLabels[props.active] : "All";
  return (
    <details className="group rounded-lg bg-white ring-1 ring-navy-900/10 lg:hidden" data-testid="category-panel">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        <span>
          Filter by category<span className="font-normal text-navy-800">: {currentLabel}</span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <nav aria-label="Product categories" className="border-t border-navy-900/10 p-2">
        <CategoryLinks {...props} />
      </nav>
    </details>
  );
}
