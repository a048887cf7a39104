/**
 * The staff desks' tables: defined by their columns, rendered on the server. On a phone a list with
 * `cards` shows each row as a card (its cells one under another, each labelled with its column's header,
 * the title and the fields that matter first): see `.desk-cards` in src/app/globals.css. It stays a
 * <table> (with its roles spelled out, which some browsers drop once CSS changes a table's display), so
 * a screen reader still reads rows and headers; without `cards` a wide table scrolls sideways in its box.
 */

/** One column: its header, and what each row shows in it. */
export interface DeskColumn<Row> {
  header: React.ReactNode;
  /** The cell names its row (`<th scope="row">`), as a list's first column does. */
  rowHeader?: boolean;
  align?: "right";
  /** Classes added to the cell's padding: `whitespace-nowrap`, `font-semibold`, or one chosen by the row. */
  className?: string | ((row: Row) => string);
  /** Classes added to the header cell's padding (a fixed width). */
  headerClassName?: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell's label in a phone's card when the header is not plain text. */
  cardLabel?: string;
  /**
   * Where the cell goes in a phone's card: `title` on top, unlabelled and bold (the row's name or number;
   * a row header is the title unless told otherwise); `first` right under it (what staff look for: status,
   * total); `last` at the bottom; otherwise in column order.
   */
  card?: "title" | "first" | "last";
}

const looks = {
  /** A sand header over rows divided by hairlines: the desks' lists. */
  list: { table: "w-full text-left", thead: "bg-sand-100", headRow: undefined, tbody: "divide-y divide-navy-700/10", pad: "px-3 py-2" },
  /** The same in small print, for a long ledger in a side panel. */
  compact: { table: "w-full text-left text-sm", thead: "bg-sand-100", headRow: undefined, tbody: "divide-y divide-navy-700/10", pad: "px-2 py-2" },
  /** A list whose sand header row is ruled off from the rows. */
  banded: { table: "w-full text-left", thead: undefined, headRow: "border-b border-navy-700/20 bg-sand-100", tbody: "divide-y divide-navy-700/10", pad: "px-3 py-2" },
  /** Rows ruled off under a plain header, inside a panel (an event's attendees, the memberships). */
  plain: { table: "w-full text-left", thead: undefined, headRow: "border-b border-navy-700/20", tbody: "divide-y divide-navy-700/10", pad: "py-2 pr-3" },
  /** Ruled rows of fixed-width columns on white (the content pages' lists). */
  ruled: { table: "w-full table-fixed border-collapse bg-white text-left", thead: undefined, headRow: "border-b-2 border-navy-900/20", tbody: undefined, pad: "p-2" },
} as const;

const frames = {
  /** In a white box of its own. */
  box: "overflow-x-auto rounded-lg border border-navy-700/20 bg-white",
  /** Inside a panel that is already a box. */
  scroll: "overflow-x-auto",
} as const;

function cellClass(pad: string, align: "right" | undefined, extra: string | undefined): string {
  return [pad, align === "right" ? "text-right" : "", extra ?? ""].filter(Boolean).join(" ");
}

/** A cell's place and label in a phone's card (read by the `.desk-cards` rules). */
function cardAttributes<Row>(column: DeskColumn<Row>): Record<string, string> {
  const label = column.cardLabel ?? (typeof column.header === "string" ? column.header : undefined);
  const place = column.card ?? (column.rowHeader ? "title" : undefined);
  return {
    ...(place ? { "data-card": place } : {}),
    ...(label && place !== "title" ? { "data-label": label } : {}),
  };
}

export function DeskTable<Row>({
  caption,
  captionClassName = "sr-only",
  columns,
  rows,
  rowKey,
  rowClassName,
  rowTestId,
  empty,
  foot,
  look = "list",
  frame = "box",
  contained = false,
  scrollLabel,
  cards = false,
}: {
  caption: React.ReactNode;
  /** A caption is for screen readers unless given classes to show it. */
  captionClassName?: string;
  columns: DeskColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => React.Key;
  rowClassName?: string;
  rowTestId?: string;
  /** Shown instead of the table when there are no rows: a sentence (muted), or an element as it is; nothing when left out. */
  empty?: string | React.ReactElement;
  /** A `<tfoot>` (totals) under the rows. */
  foot?: React.ReactNode;
  look?: keyof typeof looks;
  frame?: keyof typeof frames | "none";
  /** Keeps the screen-reader caption inside the scrolling box, so it cannot widen the page on a phone. */
  contained?: boolean;
  /** Makes the scrolling box a focusable region with this name, so a keyboard can scroll it. */
  scrollLabel?: string;
  /** On a phone (below 640 px), each row is a card instead of a row of a table that scrolls sideways. */
  cards?: boolean;
}) {
  if (rows.length === 0) return typeof empty === "string" ? <p className="text-navy-700">{empty}</p> : (empty ?? null);
  const style = looks[look];
  // Spelled-out roles keep the table a table for screen readers when the phone's cards restyle it.
  const role = (name: string) => (cards ? { role: name } : {});
  const table = (
    <table className={cards ? `${style.table} desk-cards` : style.table} {...role("table")}>
      <caption className={captionClassName}>{caption}</caption>
      <thead className={style.thead} {...role("rowgroup")}>
        <tr className={style.headRow} {...role("row")}>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cellClass(style.pad, column.align, column.headerClassName)} {...role("columnheader")}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={style.tbody} {...role("rowgroup")}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName} data-testid={rowTestId} {...role("row")}>
            {columns.map((column, index) => {
              const className = cellClass(style.pad, column.align, typeof column.className === "function" ? column.className(row) : column.className);
              const card = cards ? cardAttributes(column) : {};
              return column.rowHeader ? (
                <th key={index} scope="row" className={className} {...role("rowheader")} {...card}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={className} {...role("cell")} {...card}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
      {foot}
    </table>
  );
  if (frame === "none") return table;
  return (
    <div className={[contained ? "relative" : "", frames[frame], cards ? "desk-cards-frame" : ""].filter(Boolean).join(" ")} {...(scrollLabel ? { tabIndex: 0, role: "region", "aria-label": scrollLabel } : {})}>
      {table}
    </div>
  );
}
