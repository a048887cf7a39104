import { getDb } from "@/db/client";
import { productsCsv } from "@/features/catalog/catalog-csv.queries";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { csvDownload, datedCsvName } from "@/lib/csv-download";

/** The catalog as the products file the import reads (same columns): a visitor is sent to sign in, anyone else without the desk's permission gets a plain 404. */
export async function GET(): Promise<Response> {
  const staff = await deskDownloadOrRefusal("/admin/catalog/export");
  if (staff instanceof Response) return staff;
  return csvDownload(await productsCsv(getDb()), datedCsvName("products"));
}
