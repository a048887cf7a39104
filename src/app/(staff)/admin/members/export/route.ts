import { getDb } from "@/db/client";
import { membersCsv } from "@/features/members/members-csv.queries";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { csvDownload, datedCsvName } from "@/lib/csv-download";

/** Every account as the members file the import reads (same columns): a visitor is sent to sign in, anyone else without the desk's permission gets a plain 404. */
export async function GET(): Promise<Response> {
  const staff = await deskDownloadOrRefusal("/admin/members/export");
  if (staff instanceof Response) return staff;
  return csvDownload(await membersCsv(getDb()), datedCsvName("members"));
}
