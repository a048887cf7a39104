"use server";

import type { Permission } from "@/lib/access-control";
import { confirmImportAction, uploadImportAction } from "@/lib/csv-import/import-actions";
import type { FormState } from "@/lib/form-state";
import { subscribersImportSchema } from "../subscribers-desk.schema";
import { subscribersImport } from "../subscribers-import.service";

/** As for a paper sign-up sheet: adding subscribers is the newsletter's sending permission. */
const NEWSLETTER: Permission = { newsletter: ["send"] };
const page = { path: "/admin/newsletter/subscribers/import", revalidate: ["/admin/newsletter/subscribers", "/admin/newsletter"] };
const upload = uploadImportAction(subscribersImport, NEWSLETTER, subscribersImportSchema, page);
const confirm = confirmImportAction(subscribersImport, NEWSLETTER, page);

/** The subscribers file and its source: kept for its preview (src/server's upload limits name this action). */
export async function uploadSubscribersCsvAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return upload(previous, formData);
}

export async function confirmSubscribersImportAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return confirm(previous, formData);
}
