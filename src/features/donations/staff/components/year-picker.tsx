import { FieldError, FormAlert, narrowFilterInputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";

/**
 * Pick a year: a plain GET form with a typed year (any year, also one with no gifts yet) and links
 * to the years that have gifts. A year that cannot be used is answered beside the field.
 */
export function YearPicker({ action, label, year, typed, error, years }: { action: string; label: string; year: number | null; typed?: string; error?: string; years: number[] }) {
  return (
    <form method="get" action={action} aria-label={label} className="mb-6 rounded-lg border border-navy-700/20 bg-white p-4">
      {error && <FormAlert id="year-alert" message="The year could not be used: see below." />}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="year" className="font-medium">
            Year
          </label>
          <input
            id="year"
            name="year"
            inputMode="numeric"
            defaultValue={typed ?? (year ? String(year) : "")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "year-error" : undefined}
            className={narrowFilterInputClass}
          />
        </div>
        <Button type="submit" variant="desk">
          Show
        </Button>
      </div>
      <FieldError id="year-error" message={error} />
      {years.length > 0 && (
        <p className="mt-3 text-sm">
          Years with gifts:{" "}
          {years.map((y, index) => (
            <span key={y}>
              {index > 0 && ", "}
              <a href={`${action}?year=${y}`} aria-current={y === year ? "page" : undefined} className="underline underline-offset-2">
                {y}
              </a>
            </span>
          ))}
        </p>
      )}
    </form>
  );
}
