import type { EventSummary } from "../events.queries";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md border-2 px-4 py-2 text-sm font-semibold transition-colors";
const tones = {
  light: "border-navy-900/20 text-navy-900 hover:bg-sand-200",
  dark: "border-white/40 text-white hover:bg-white/10",
} as const;

/** "Add to Google Calendar" (prefilled, in the event's time zone) and "Download iCal" (this event's .ics). */
export function CalendarButtons({
  event,
  tone = "light",
}: {
  event: Pick<EventSummary, "title" | "googleCalendarUrl" | "icsPath">;
  tone?: keyof typeof tones;
}) {
  const classes = `${base} ${tones[tone]}`;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={event.googleCalendarUrl} target="_blank" rel="noopener noreferrer" className={classes}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" strokeLinecap="round" />
        </svg>
        Add to Google Calendar<span className="sr-only">: {event.title} (opens in a new tab)</span>
      </a>
      <a href={event.icsPath} download className={classes}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Download iCal<span className="sr-only">: {event.title}</span>
      </a>
    </div>
  );
}
