import { getDb } from "@/db/client";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { subscribersCsv } from "@/features/newsletter/newsletter-desk.queries";
import { csvDownload, datedCsvName } from "@/lib/csv-download";

/**
 * The newsletter's subscribers and pending sign-ups as CSV. A route handler checks the permission
 * itself: a visitor is sent to sign in, anyone signed in without it gets a plain 404.
 */
export async function GET(): Promise<Response> {
  const staff = await deskDownloadOrRefusal("/admin/newsletter/subscribers.csv");
  if (staff instanceof Response) return staff;
  return csvDownload(await subscribersCsv(getDb()), datedCsvName("newsletter-subscribers"));
}
