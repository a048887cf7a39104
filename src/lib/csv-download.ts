import { now } from "@/lib/clock";

const privateHeaders = { "cache-control": "no-store", "x-content-type-options": "nosniff" } as const;

/** A CSV file to save, never cached or sniffed as anything else. */
export function csvDownload(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      ...privateHeaders,
    },
  });
}

/** A file name with today's date (UTC): `orders` → `orders-2026-11-29.csv`. */
export function datedCsvName(stem: string): string {
  return `${stem}-${now().toISOString().slice(0, 10)}.csv`;
}

/** Why an export could not be made, as plain text (a 400). */
export function csvRefusal(text: string): Response {
  return new Response(text, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", ...privateHeaders } });
}
