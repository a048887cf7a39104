import Link from "@/components/ui/link";
import { Notice } from "@/components/staff/staff-ui";

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="mb-3">
      <Link href={href} className="font-semibold text-navy-900 underline underline-offset-2">
        ← {label}
      </Link>
    </p>
  );
}

/** The note a page shows after a redirect (a row deleted or made), read from ?done=. */
export function DoneNotice({ done, messages }: { done: string | string[] | undefined; messages: Record<string, string> }) {
  const message = typeof done === "string" ? messages[done] : undefined;
  if (!message) return null;
  return (
    <Notice tone="info" title="Done">
      {message}
    </Notice>
  );
}

export interface ContentRow {
  key: string | number;
  position: number;
  title: string;
  detail?: string;
  href: string;
}

/** The rows of one kind of content in their public order, each with a link to edit it. */
export function ContentTable({ caption, titleHeading, rows, empty }: { caption: string; titleHeading: string; rows: ContentRow[]; empty: string }) {
  if (rows.length === 0) return <p className="text-navy-700">{empty}</p>;
  return (
    <table className="w-full table-fixed border-collapse bg-white text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-navy-900/20">
          <th scope="col" className="w-20 p-2">
            Position
          </th>
          <th scope="col" className="p-2">
            {titleHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-navy-900/10 align-top">
            <td className="p-2 tabular-nums">{row.position}</td>
            <td className="break-words p-2">
              <Link href={row.href} className="font-semibold text-navy-900 underline underline-offset-2">
                {row.title}
                <span className="sr-only"> (edit)</span>
              </Link>
              {row.detail && <span className="block text-sm text-navy-700">{row.detail}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
