/**
 * The body of every import page (members, subscribers, products): the upload form with the columns the
 * file may have; with `?upload=<token>`, the preview (counts, then every row with what will happen and
 * why, a page at a time, filtered by outcome) and its Confirm button; once confirmed, the outcome.
 * Rendered on the server; only the two forms are client components, and both post without JavaScript.
 */
import Link from "@/components/ui/link";
import type { FormAction } from "@/components/forms/use-action-form";
import type { ColumnSpec } from "@/lib/csv-import/columns";
import { MAX_IMPORT_LABEL, MAX_IMPORT_ROWS, type ImportPreview } from "@/lib/csv-import/csv-import.service";
import type { ImportPageState } from "@/lib/csv-import/import-page";
import { OUTCOMES, type Outcome, type OutcomeCounts, type PlannedRow } from "@/lib/csv-import/plan";
import { formatShortDateTimeZone } from "@/lib/time";
import { ConfirmImportForm, ImportUploadForm, type ImportOptionField } from "./csv-import-forms";
import { DeskTable } from "./desk-table";
import { Facts } from "./facts";
import { Notice, Pagination, Panel } from "./staff-ui";

export const PREVIEW_PAGE_SIZE = 100;

const OUTCOME_LABELS: Record<Outcome, string> = { create: "Create", change: "Change", unchanged: "Unchanged", refused: "Refused" };
const OUTCOME_FILTERS: Record<Outcome, string> = { create: "To create", change: "To change", unchanged: "Unchanged", refused: "Refused" };
const outcomeClass: Record<Outcome, string> = { create: "text-olive-700", change: "text-navy-900", unchanged: "text-navy-700", refused: "text-red-800" };

const n = (count: number) => count.toLocaleString("en-US");

/** "Create 3, change 1, leave 12 unchanged, refuse 2". */
export function countsSentence(counts: OutcomeCounts, tense: "will" | "did"): string {
  const verbs = tense === "will" ? ["create", "change", "leave", "refuse"] : ["created", "changed", "left", "refused"];
  return `${verbs[0]} ${n(counts.create)}, ${verbs[1]} ${n(counts.change)}, ${verbs[2]} ${n(counts.unchanged)} unchanged, ${verbs[3]} ${n(counts.refused)}`;
}

function RowsTable({ rows, keyLabel, caption }: { rows: PlannedRow[]; keyLabel: string; caption: string }) {
  return (
    <DeskTable
      cards
      caption={caption}
      rows={rows}
      rowKey={(row) => row.row}
      rowTestId="import-row"
      rowClassName="align-top"
      empty={<p role="status">No rows here.</p>}
      columns={[
        { header: "Row", rowHeader: true, className: "whitespace-nowrap", cell: (row) => row.row },
        { header: keyLabel, className: "break-all", cell: (row) => row.key || "—" },
        { header: "What happens", cardLabel: "Outcome", card: "first", className: (row) => `whitespace-nowrap font-semibold ${outcomeClass[row.outcome]}`, cell: (row) => OUTCOME_LABELS[row.outcome] },
        {
          header: "Details",
          cell: (row) =>
            row.details.length === 0 ? (
              <span className="text-navy-700">—</span>
            ) : (
              <ul className="space-y-1">
                {row.details.map((detail, i) => (
                  <li key={i}>{detail}</li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

function UploadFacts({ upload, extra }: { upload: { fileName: string; sizeBytes: number; staffEmail: string; uploadedAt: Date }; extra?: [string, React.ReactNode][] }) {
  return (
    <Facts
      items={[
        ["File", `${upload.fileName} (${n(Math.max(1, Math.round(upload.sizeBytes / 1024)))} KB)`],
        ["Uploaded", `${formatShortDateTimeZone(upload.uploadedAt)} by ${upload.staffEmail}`],
        ...(extra ?? []),
      ]}
    />
  );
}

function Planned({
  preview,
  token,
  path,
  filter,
  keyLabel,
  confirmAction,
  optionFacts,
}: {
  preview: Extract<ImportPreview, { state: "planned" }>;
  token: string;
  path: string;
  filter: { show: Outcome | null; page: number };
  keyLabel: string;
  confirmAction: FormAction<never>;
  optionFacts?: [string, React.ReactNode][];
}) {
  const { counts } = preview;
  const listed = filter.show ? preview.rows.filter((row) => row.outcome === filter.show) : preview.rows;
  const pageCount = Math.max(1, Math.ceil(listed.length / PREVIEW_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const shown = listed.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE);
  const href = (show: Outcome | null, at = 1) => `${path}?upload=${token}${show ? `&show=${show}` : ""}${at > 1 ? `&page=${at}` : ""}`;
  const writes = counts.create + counts.change;
  const tab = (current: boolean) => `rounded-md px-3 py-1 font-semibold ${current ? "bg-navy-900 text-white" : "text-navy-900 underline underline-offset-2"}`;
  return (
    <>
      <Panel title="Preview: nothing is written until you confirm" id="preview-heading">
        <UploadFacts upload={preview.upload} extra={optionFacts} />
        <p className="mt-3 font-semibold" data-testid="import-counts">
          {n(preview.rows.length)} rows. This import will {countsSentence(counts, "will")}.
        </p>
        {preview.ignoredColumns.length > 0 && <p className="mt-1 text-navy-700">Columns left out (this import does not read them): {preview.ignoredColumns.join(", ")}.</p>}
        <div className="mt-4">
          {writes > 0 ? (
            <ConfirmImportForm action={confirmAction} upload={token} digest={preview.digest} label={`Confirm: create ${n(counts.create)}, change ${n(counts.change)}`} />
          ) : (
            <p role="status" className="font-semibold">
              Nothing to import: every row is unchanged or refused.
            </p>
          )}
          {counts.refused > 0 && writes > 0 && <p className="mt-2 text-sm text-navy-700">Refused rows are left out. To bring them in, correct them in the file and upload it again: rows already imported then show as unchanged.</p>}
        </div>
      </Panel>
      <section aria-labelledby="rows-heading" className="mt-6">
        <h2 id="rows-heading" className="text-lg font-bold text-navy-900">
          Row by row
        </h2>
        <nav aria-label="Which rows" className="my-3">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link href={href(null)} aria-current={filter.show === null ? "page" : undefined} className={tab(filter.show === null)}>
                All ({n(preview.rows.length)})
              </Link>
            </li>
            {OUTCOMES.map((outcome) => (
              <li key={outcome}>
                <Link href={href(outcome)} aria-current={filter.show === outcome ? "page" : undefined} className={tab(filter.show === outcome)}>
                  {OUTCOME_FILTERS[outcome]} ({n(counts[outcome])})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <RowsTable rows={shown} keyLabel={keyLabel} caption={`Rows ${shown[0]?.row ?? ""} to ${shown.at(-1)?.row ?? ""}: what the import does with each`} />
        <Pagination href={(at) => href(filter.show, at)} page={page} pageCount={pageCount} />
      </section>
    </>
  );
}

function Applied({ preview, keyLabel, listHref, listLabel }: { preview: Extract<ImportPreview, { state: "applied" }>; keyLabel: string; listHref: string; listLabel: string }) {
  const { result } = preview;
  return (
    <>
      <Notice tone="info" title="Imported">
        <p data-testid="import-counts">
          On {formatShortDateTimeZone(new Date(result.appliedAt))} this import {countsSentence(result.counts, "did")}.{" "}
          <Link href={listHref} className="font-semibold underline underline-offset-2">
            {listLabel}
          </Link>
        </p>
      </Notice>
      <Panel title="The file" id="file-heading">
        <UploadFacts upload={preview.upload} />
      </Panel>
      {result.refused.length > 0 && (
        <section aria-labelledby="refused-heading" className="mt-6">
          <h2 id="refused-heading" className="text-lg font-bold text-navy-900">
            Refused rows, left out
          </h2>
          <p className="mb-3 text-navy-700">
            {result.counts.refused > result.refused.length ? `The first ${n(result.refused.length)} of ${n(result.counts.refused)}. ` : ""}Correct them in the file and upload it again: rows already imported then show as
            unchanged.
          </p>
          <RowsTable rows={result.refused} keyLabel={keyLabel} caption="Refused rows and why" />
        </section>
      )}
    </>
  );
}

/** The columns the file may have, for the upload form. */
function ColumnsHelp({ columns }: { columns: readonly ColumnSpec[] }) {
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {columns.map((column) => (
        <div key={column.key} className="contents">
          <dt className="font-semibold">
            {column.header}
            {column.required ? " (needed)" : ""}
          </dt>
          <dd className="text-navy-800">{column.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Links beside a desk's heading: its CSV export and, for those who may, its import. */
export function CsvFileLinks({ exportHref, importHref, importLabel }: { exportHref: string; importHref?: string; importLabel: string }) {
  return (
    <>
      {" "}
      <a href={exportHref} className="font-semibold underline underline-offset-2" download>
        Download as CSV
      </a>
      {importHref && (
        <>
          {" · "}
          <Link href={importHref} className="font-semibold underline underline-offset-2">
            {importLabel}
          </Link>
        </>
      )}
    </>
  );
}

export function CsvImportBody({
  path,
  token,
  preview,
  filter,
  keyLabel,
  columns,
  exportHref,
  uploadAction,
  confirmAction,
  options,
  optionFacts,
  list,
}: ImportPageState & {
  /** The page's own address. */
  path: string;
  /** What a row is about, as the table's column says ("Email", "Product and size"). */
  keyLabel: string;
  columns: readonly ColumnSpec[];
  /** The export in the same format: a template, and a backup before importing. */
  exportHref: string;
  uploadAction: FormAction<never>;
  confirmAction: FormAction<never>;
  options?: ImportOptionField[];
  /** The upload's options, as the preview names them. */
  optionFacts?: (options: unknown) => [string, React.ReactNode][];
  /** Where to see what was imported. */
  list: { href: string; label: string };
}) {
  const upload = (
    <Panel title={preview ? "Upload another file" : "Upload a file"} id="upload-heading">
      <p className="text-navy-700">
        The file&apos;s first row names its columns (any order; columns this import does not know are left out). An empty cell leaves what the site already has. The{" "}
        <a href={exportHref} className="font-semibold underline underline-offset-2" download>
          export
        </a>{" "}
        is in this format: download it as a template, or as a copy of what the site has now before importing.
      </p>
      <ColumnsHelp columns={columns} />
      <div className="mt-4">
        <ImportUploadForm action={uploadAction} prefix="import" hint={`A CSV file (UTF-8), at most ${MAX_IMPORT_LABEL} and ${n(MAX_IMPORT_ROWS)} rows.`} options={options} />
      </div>
    </Panel>
  );
  if (token !== undefined && !preview) {
    return (
      <>
        <Notice tone="warning" title="This upload is no longer here">
          It has expired (uploads wait 12 hours for their confirmation) or was made by someone else. Upload the file again to see its preview.
        </Notice>
        {upload}
      </>
    );
  }
  if (preview?.state === "planned" && token) {
    return (
      <>
        <Planned preview={preview} token={token} path={path} filter={filter} keyLabel={keyLabel} confirmAction={confirmAction} optionFacts={optionFacts?.(preview.upload.options)} />
        <div className="mt-6">{upload}</div>
      </>
    );
  }
  if (preview?.state === "applied") {
    return (
      <>
        <Applied preview={preview} keyLabel={keyLabel} listHref={list.href} listLabel={list.label} />
        <div className="mt-6">{upload}</div>
      </>
    );
  }
  return upload;
}
