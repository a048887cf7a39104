import { filterInputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { Field, SelectField } from "@/components/ui/field";
import Link from "@/components/ui/link";

const box = "rounded-lg border border-navy-700/20 bg-white p-4";

/**
 * A desk's search or filters: a plain GET form, so it works without JavaScript and the URL can be
 * shared or bookmarked. `grid` lays the fields out in `columns` (grid classes), the buttons last;
 * `row` puts fields and buttons in one wrapping row. "Clear" links to `clearHref` when given.
 */
export function FilterForm({
  label,
  action,
  layout,
  columns = "",
  boxed = true,
  submitLabel,
  clearHref,
  children,
}: {
  label: string;
  action?: string;
  layout: "grid" | "row";
  columns?: string;
  boxed?: boolean;
  submitLabel: string;
  clearHref?: string;
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
  return (
    <form method="get" action={action} role="search" aria-label={label} className={className}>
      {children}
      {layout === "grid" ? <div className="flex items-end gap-3">{buttons}</div> : buttons}
    </form>
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
