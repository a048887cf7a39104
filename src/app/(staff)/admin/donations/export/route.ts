import { getDb } from "@/db/client";
import { listDeskGifts } from "@/features/donations/donations-desk.queries";
import { giftsCsv } from "@/features/donations/staff/gifts-csv";
import { parseGiftFilter } from "@/features/donations/donations-desk.schema";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { csvDownload, csvRefusal, datedCsvName } from "@/lib/csv-download";

/**
 * The gifts list as CSV, with the list's filters. A route handler checks the permission itself: a
 * visitor is sent to sign in, anyone signed in without it gets a plain 404, like the staff pages. A
 * filter that cannot be used is answered 400 with what is wrong, rather than a file of other gifts.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const staff = await deskDownloadOrRefusal("/admin/donations/export", `/admin/donations/export${url.search}`);
  if (staff instanceof Response) return staff;
  const { filter, errors } = parseGiftFilter(Object.fromEntries(url.searchParams));
  const problems = Object.entries(errors);
  if (problems.length > 0) {
    return csvRefusal(`The gifts could not be exported:\n${problems.map(([field, message]) => `${field}: ${message}`).join("\n")}\n`);
  }
  const { gifts } = await listDeskGifts(getDb(), filter, { all: true });
  return csvDownload(giftsCsv(gifts), datedCsvName("donations"));
}
