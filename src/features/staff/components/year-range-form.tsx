import { FormAlert, filterInputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FIRST_MONTH, longMonthLabel, monthAt, rangeQuery, shiftMonth, type Month, type MonthRange, type RangeErrors } from "../year-range";

/**
 * The months the charts show: a plain GET form (it works without JavaScript and the address can be
 * shared), with links to the usual choices. A range that cannot be used is answered beside its field,
 * above the default range (the server answers such a page with a 422).
 */
export function YearRangeForm({ range, errors, values, now }: { range: MonthRange; errors: RangeErrors; values: Partial<Record<"from" | "to", string>>; now: Date }) {
  const failed = Object.keys(errors).length > 0;
  const current = monthAt(now);
  const thisYear = current.slice(0, 4);
  const lastYear = String(Number(thisYear) - 1);
  const choices: { label: string; from: Month; to: Month }[] = [
    { label: "The last 12 months", from: shiftMonth(current, -11), to: current },
    { label: `${thisYear} so far`, from: `${thisYear}-01` as Month, to: current },
    { label: lastYear, from: `${lastYear}-01` as Month, to: `${lastYear}-12` as Month },
  ];
  return (
    <form method="get" action="/admin/year" aria-label="Choose the months" className="mb-6 rounded-lg border border-navy-700/20 bg-white p-4">
      {failed && (
        <FormAlert
          id="range-alert"
          message={`These months could not be shown: see below. The charts show ${longMonthLabel(range.from)} to ${longMonthLabel(range.to)} instead.`}
        />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id="from"
          name="from"
          type="month"
          label="First month"
          min={FIRST_MONTH}
          max={current}
          defaultValue={failed ? values.from : range.from}
          error={errors.from}
          className="w-52"
          inputClassName={filterInputClass}
        />
        <Field
          id="to"
          name="to"
          type="month"
          label="Last month"
          min={FIRST_MONTH}
          max={current}
          defaultValue={failed ? values.to : range.to}
          error={errors.to}
          className="w-52"
          inputClassName={filterInputClass}
        />
        <Button type="submit" variant="desk">
          Show
        </Button>
      </div>
      <p className="mt-3 text-sm">
        Or show:{" "}
        {choices.map((choice, index) => {
          const chosen = choice.from === range.from && choice.to === range.to && !failed;
          return (
            <span key={choice.label}>
              {index > 0 && ", "}
              <a href={`/admin/year?${rangeQuery(choice)}`} aria-current={chosen ? "page" : undefined} className="underline underline-offset-2 aria-[current=page]:font-semibold">
                {choice.label}
              </a>
            </span>
          );
        })}
      </p>
    </form>
  );
}
