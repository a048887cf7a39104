import { DeskTable } from "@/components/staff/desk-table";
import Link from "@/components/ui/link";

export interface ContentRow {
  key: string | number;
  position: number;
  title: string;
  detail?: string;
  href: string;
}

/** The rows of one kind of content in their public order, each with a link to edit it. */
export function ContentTable({ caption, titleHeading, rows, empty }: { caption: string; titleHeading: string; rows: ContentRow[]; empty: string }) {
  return (
    <DeskTable
      look="ruled"
      frame="none"
      caption={caption}
      empty={empty}
      rows={rows}
      rowKey={(row) => row.key}
      rowClassName="border-b border-navy-900/10 align-top"
      columns={[
        { header: "Position", headerClassName: "w-20", className: "tabular-nums", cell: (row) => row.position },
        {
          header: titleHeading,
          className: "break-words",
          cell: (row) => (
            <>
              <Link href={row.href} className="font-semibold text-navy-900 underline underline-offset-2">
                {row.title}
                <span className="sr-only"> (edit)</span>
              </Link>
              {row.detail && <span className="block text-sm text-navy-700">{row.detail}</span>}
            </>
          ),
        },
      ]}
    />
  );
}
