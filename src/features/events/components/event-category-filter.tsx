import Link from "@/components/ui/link";
import { calendarHref, eventCategories, eventCategoryLabels, type EventCategory } from "../events.schema";

export type EventCategoryCounts = { all: number } & Record<EventCategory, number>;

/** All / Firearms / Fitness / Medical / Community, each with its number of events. Plain links: no JS needed. */
export function EventCategoryFilter({
  active,
  unknown = false,
  counts,
}: {
  active: EventCategory | undefined;
  unknown?: boolean;
  counts: EventCategoryCounts;
}) {
  const options = [
    { value: undefined, label: "All", count: counts.all },
    ...eventCategories.map((c) => ({ value: c, label: eventCategoryLabels[c], count: counts[c] })),
  ];
  return (
    <nav aria-label="Event categories">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const current = !unknown && option.value === active;
          return (
            <li key={option.label}>
              <Link
                href={calendarHref(option.value)}
                aria-current={current ? "page" : undefined}
                // One name for assistive tech ("Firearms (2)") instead of the badge's split text.
                aria-label={`${option.label} (${option.count})`}
                scroll={false}
                className={`inline-flex items-center gap-2 rounded-full px-4 py-2 font-medium ring-1 transition-colors ${
                  current ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-navy-900/15 hover:bg-sand-200"
                }`}
              >
                {option.label}
                <span className={`rounded-full px-2 text-sm ${current ? "bg-white/15" : "bg-sand-200 text-navy-800"}`}>
                  {option.count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
