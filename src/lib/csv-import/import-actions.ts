import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import type { Permission } from "@/lib/access-control";
import * as clock from "@/lib/clock";
import { FormError, type FormState } from "@/lib/form-state";
import { staffAction } from "@/lib/staff-action";
import { confirmUpload, MAX_IMPORT_BYTES, storeUpload, tooLargeMessage, type ImportDefinition } from "./csv-import.service";

/** The field of the upload form that holds the file. */
export const IMPORT_FILE_FIELD = "file";

/** The file a form sent, or null when none was chosen (an empty file input sends an empty, nameless file). */
function fileOf(formData: unknown): File | null {
  if (!(formData instanceof FormData)) return null;
  const value = formData.get(IMPORT_FILE_FIELD);
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

interface ImportPage {
  /** The import page: the preview and the outcome are shown there, under `?upload=<token>`. */
  path: string;
  /** Pages whose content the import changes. */
  revalidate: readonly string[];
}

/**
 * The upload form's action for one kind of import: the staff member's permission, the form's own
 * options (a zod schema), then the file is read and kept (csv-import.service.ts) and the browser goes to
 * its preview. A file refused is said beside the file field (422 without JavaScript).
 */
export function uploadImportAction<O>(definition: ImportDefinition<string, O, unknown>, permission: Permission, options: z.ZodType<O>, page: ImportPage) {
  return async (previous: FormState<never>, formData: FormData): Promise<FormState<never>> => {
    const file = fileOf(formData);
    const run = staffAction(permission, options, async (chosen, staff): Promise<never> => {
      if (!file) throw new FormError("Choose the CSV file to import.", IMPORT_FILE_FIELD);
      // Larger than an import takes: refused without reading it.
      if (file.size > MAX_IMPORT_BYTES) throw new FormError(tooLargeMessage(file.size), IMPORT_FILE_FIELD);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const token = await storeUpload(getDb(), definition, staff, { name: file.name, bytes }, chosen, clock.now());
      redirect(`${page.path}?upload=${token}`);
    });
    return run(previous, formData);
  };
}

const confirmSchema = z.object({ upload: z.string().max(100).catch(""), digest: z.string().max(100).catch("") });

/** The preview's Confirm button: the import is planned again and written when it is the plan shown; the page then shows the outcome. */
export function confirmImportAction(definition: ImportDefinition<string, unknown, unknown>, permission: Permission, page: ImportPage) {
  return staffAction(permission, confirmSchema, async ({ upload, digest }, staff): Promise<never> => {
    await confirmUpload(getDb(), definition, staff, upload, digest, clock.now());
    for (const path of page.revalidate) revalidatePath(path);
    redirect(`${page.path}?upload=${upload}`);
  });
}
