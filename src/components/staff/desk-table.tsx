/** The staff desks' tables: defined by their columns, rendered on the server, scrolled sideways on a phone. */

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
}

const looks = {
  /** A sand header over rows divided by hairlines: the desks' lists. */
  list: { table: "w-full text-left", thead: "bg-sand-100", headRow: undefined, tbody: "divide-y divide-navy-700/10", pad: "px-3 py-2" },
  /** The same in small print, for a long ledger in a side panel. */
  compact: { table: "w-full text-left text-sm", thead: "bg-sand-100", headRow: undefined, tbody: "divide-y divide-navy-700/10", pad: "px-2 py-2" },
  /** A list whose sand header row is ruled off from the rows. */
  banded: { table: "w-full text-left", thead: undefined, headRow: "border-b border-navy-700/20 bg-sand-100", tbody: "divide-y divide-navy-700/10", pad: "px-3 py-2" },
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
}) {
  if (rows.length === 0) return typeof empty === "string" ? <p className="text-navy-700">{empty}</p> : (empty ?? null);
  const style = looks[look];
  const table = (
    <table className={style.table}>
      <caption className={captionClassName}>{caption}</caption>
      <thead className={style.thead}>
        <tr className={style.headRow}>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={cellClass(style.pad, column.align, column.headerClassName)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={style.tbody}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName} data-testid={rowTestId}>
            {columns.map((column, index) => {
              const className = cellClass(style.pad, column.align, typeof column.className === "function" ? column.className(row) : column.className);
              return column.rowHeader ? (
                <th key={index} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={index} className={className}>
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
    <div className={contained ? `relative ${frames[frame]}` : frames[frame]} {...(scrollLabel ? { tabIndex: 0, role: "region", "aria-label": scrollLabel } : {})}>
      {table}
    </div>
  );
}
