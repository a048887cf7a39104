import { DeskTable } from "@/components/staff/desk-table";
import { formatMonthDayTimeZone } from "@/lib/time";
import type { DeskEvent } from "../../events-desk.queries";

/** The people added at the door without a registration: checked in as they were added. */
export function WalkInsTable({ event }: { event: Pick<DeskEvent, "title" | "walkIns"> }) {
  return (
    <DeskTable
      cards
      caption={`Walk-ins at ${event.title}`}
      columns={[
        { header: "Name", rowHeader: true, className: "font-normal", cell: (w) => w.name },
        { header: "Email", className: "wrap-anywhere sm:min-w-48", cell: (w) => w.email },
        { header: "Checked in", className: "whitespace-nowrap", cell: (w) => formatMonthDayTimeZone(w.checkedInAt) },
      ]}
      rows={event.walkIns}
      rowKey={(w) => w.id}
      frame="scroll"
      empty="Nobody was added at the door."
    />
  );
}
