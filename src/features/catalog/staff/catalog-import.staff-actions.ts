"use server";

import { z } from "zod";
import type { Permission } from "@/lib/access-control";
import { confirmImportAction, uploadImportAction } from "@/lib/csv-import/import-actions";
import type { FormState } from "@/lib/form-state";
import { productsImport } from "../catalog-import.service";

const CATALOG: Permission = { catalog: ["update"] };
const page = { path: "/admin/catalog/import", revalidate: ["/shop", "/", "/admin/catalog", "/admin/stock", "/admin"] };
const upload = uploadImportAction(productsImport, CATALOG, z.object({}), page);
const confirm = confirmImportAction(productsImport, CATALOG, page);

/** The products file: kept for its preview (src/server's upload limits name this action). */
export async function uploadProductsCsvAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return upload(previous, formData);
}

export async function confirmProductsImportAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  return confirm(previous, formData);
}
