import { filterInputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Field, SelectField } from "@/components/ui/field";
import Link from "@/components/ui/link";

const box = "rounded-lg border border-navy-700/20 bg-white p-4";

/** What a folded filter's button says: "Filter", then what is chosen ("Filter · Status: Paid, Delivery: Pickup"). */
export function filterSummary(active: readonly string[]): string {
  return active.length === 0 ? "Filter" : `Filter · ${active.join(", ")}`;
}

/**
 * A desk's search or filters: a plain GET form, so it works without JavaScript and the URL can be
 * shared or bookmarked. `grid` lays the fields out in `columns` (grid classes), the buttons last;
 * `row` puts fields and buttons in one wrapping row. "Clear" links to `clearHref` when given.
 *
 * With `active` (what is chosen, one short phrase each) the form folds away on a phone behind one
 * "Filter" button that sums them up: a native <details>, so it opens without JavaScript and by keyboard,
 * and a text browser reads the whole form. From 640 px the form shows open without the button
 * (globals.css, `.filter-fold`). `open` keeps it open on a phone too (a filter that was refused).
 */
export function FilterForm({
  label,
  action,
  layout,
  columns = "",
  boxed = true,
  submitLabel,
  clearHref,
  active,
  open = false,
  children,
}: {
  label: string;
  action?: string;
  layout: "grid" | "row";
  columns?: string;
  boxed?: boolean;
  submitLabel: string;
  clearHref?: string;
  active?: readonly string[];
  open?: boolean;
  children: React.ReactNode;
}) {
  const buttons = (
    <>
      <Button type="submit" variant="desk">
        {submitLabel}
      </Button>
      {clearHref && (
        <Link href={clearHref} className="py-2 underline underline-offset-2">
          Clear
        </Link>
      )}
    </>
  );
  const className = layout === "grid" ? `mb-6 grid gap-3 ${box} ${columns}` : boxed ? `mb-6 flex flex-wrap items-end gap-3 ${box}` : "mb-6 flex flex-wrap items-end gap-3";
  const form = (
    <form method="get" action={action} role="search" aria-label={label} className={className}>
      {children}
      {layout === "grid" ? <div className="flex items-end gap-3">{buttons}</div> : buttons}
    </form>
  );
  if (!active) return form;
  return (
    <details className="filter-fold" open={open || undefined}>
      <summary className={buttonClasses("desk-outline", "mb-4 flex w-full cursor-pointer list-none items-center justify-between gap-3 text-left [&::-webkit-details-marker]:hidden")}>
        <span>{filterSummary(active)}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      {form}
    </details>
  );
}

/** A text, search or date field of a filter form, with its error. */
export function FilterField(props: Omit<React.ComponentProps<typeof Field>, "inputClassName">) {
  return <Field inputClassName={filterInputClass} {...props} />;
}

/** A select of a filter form, with its error. */
export function FilterSelect(props: Omit<React.ComponentProps<typeof SelectField>, "inputClassName">) {
  return <SelectField inputClassName={filterInputClass} {...props} />;
}
