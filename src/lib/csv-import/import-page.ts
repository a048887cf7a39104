import "server-only";
import { getDb } from "@/db/client";
import * as clock from "@/lib/clock";
import { previewUpload, type ImportDefinition, type ImportPreview } from "./csv-import.service";
import { OUTCOMES, type Outcome } from "./plan";

/** An import page's query string: `?upload=<token>` (its preview or outcome), `&show=<outcome>&page=<n>` (which rows). */
export type ImportSearch = { upload?: string | string[]; show?: string | string[]; page?: string | string[] };

export interface ImportPageState {
  token: string | undefined;
  preview: ImportPreview | null;
  filter: { show: Outcome | null; page: number };
}

/** `?show=` and `?page=` as the preview reads them: anything odd shows all rows, the first page. */
export function previewFilter(search: ImportSearch): { show: Outcome | null; page: number } {
  const show = typeof search.show === "string" && (OUTCOMES as readonly string[]).includes(search.show) ? (search.show as Outcome) : null;
  const page = Number(typeof search.page === "string" ? search.page : 1);
  return { show, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** What an import page shows for this staff member and query string: the upload named, planned now (or its outcome), and the rows asked for. */
export async function importPageState(definition: ImportDefinition<string, unknown, unknown>, staffId: string, search: ImportSearch): Promise<ImportPageState> {
  const token = typeof search.upload === "string" ? search.upload : undefined;
  const preview = token === undefined ? null : await previewUpload(getDb(), definition, staffId, token, clock.now());
  return { token, preview, filter: previewFilter(search) };
}
