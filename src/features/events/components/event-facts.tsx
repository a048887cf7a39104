import type { EventSummary } from "../events.queries";

type Fact = { label: string; value: React.ReactNode; icon: React.ReactNode };

const icon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
    <path d={d} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const icons = {
  date: icon("M4 6h16v14H4zM4 10h16M8 3v4M16 3v4"),
  time: icon("M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z"),
  location: icon("M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"),
  spots: icon("M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM21 19v-1a4 4 0 0 0-3-3.9M15 4.1a3 3 0 0 1 0 5.8"),
  instructor: icon("M20 21a8 8 0 0 0-16 0M12 13a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"),
  category: icon("M3 12V4h8l10 10-8 8zM7.5 8.5h.01"),
};

/**
 * The labelled facts of an event (date, time, location, spots…), as a description list. `spots`, when
 * given, is shown for the spots instead of the event's own label (a visitor's own view of them).
 */
export function EventFacts({
  event,
  include = ["date", "time", "location", "spots"],
  tone = "light",
  spots,
}: {
  event: EventSummary;
  include?: ("date" | "time" | "location" | "spots" | "category" | "instructor")[];
  tone?: "light" | "dark";
  spots?: React.ReactNode;
}) {
  const all: Record<(typeof include)[number], Fact> = {
    date: { label: "Date", value: event.date, icon: icons.date },
    time: { label: "Time", value: event.timeRange, icon: icons.time },
    location: { label: "Location", value: event.location, icon: icons.location },
    spots: { label: "Spots", value: spots ?? event.spotsLabel, icon: icons.spots },
    category: { label: "Category", value: event.categoryLabel, icon: icons.category },
    instructor: { label: "Instructor", value: event.instructor, icon: icons.instructor },
  };
  const labelTone = tone === "dark" ? "text-white/75" : "text-navy-700";
  return (
    <dl className="grid gap-2 text-sm">
      {/* An event without an instructor (a cookout) leaves the fact out rather than show it empty. */}
      {include.filter((key) => all[key].value !== "").map((key) => {
        const fact = all[key];
        return (
          <div key={key} className="flex gap-2" data-fact={key}>
            {/* A <div> in a <dl> may hold only <dt> and <dd>: the icon belongs to the term. */}
            <dt className={`${labelTone} flex gap-2 font-medium`}>
              {fact.icon}
              {fact.label}:
            </dt>
            <dd>{fact.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
