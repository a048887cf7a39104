"use client";

import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { useActionForm, type FormAction } from "@/components/forms/use-action-form";
import { Field } from "@/components/ui/field";
import { fieldProps } from "@/components/ui/field-props";
import { PendingSubmit } from "./pending-submit";

/** An option of an import's upload form beside the file (a subscriber list's source, a box to tick). */
export type ImportOptionField =
  | { kind: "text"; name: string; label: string; hint: string; maxLength: number }
  | { kind: "checkbox"; name: string; label: string; hint?: string };

/**
 * A CSV file to import, and the kind's own options: a plain multipart form (it posts without
 * JavaScript). The action keeps the file and sends the browser to its preview; a refused file is said
 * beside the field, and the focus moves there.
 */
export function ImportUploadForm({ action, prefix, hint, options = [] }: { action: FormAction<never>; prefix: string; hint: string; options?: ImportOptionField[] }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(action);
  const file = fieldProps(prefix, "file", errors);
  return (
    <form ref={formRef} action={formAction} encType="multipart/form-data" noValidate className="space-y-4">
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={file.id} className="font-medium">
          CSV file
        </label>
        <p id={`${prefix}-file-hint`} className="text-sm text-navy-700">
          {hint} {state.status === "error" && !errors.file ? "Choose the file again after correcting the form." : ""}
        </p>
        <input {...file} aria-describedby={[`${prefix}-file-hint`, file["aria-describedby"]].filter(Boolean).join(" ")} type="file" accept=".csv,text/csv" required className={inputClass} />
        <FieldError id={`${prefix}-file-error`} message={errors.file} />
      </div>
      {options.map((option) =>
        option.kind === "text" ? (
          <Field
            key={option.name}
            id={`${prefix}-${option.name}`}
            name={option.name}
            label={option.label}
            hint={option.hint}
            autoComplete="off"
            required
            maxLength={option.maxLength}
            defaultValue={echoed?.[option.name]}
            error={errors[option.name]}
          />
        ) : (
          <div key={option.name}>
            <div className="flex items-start gap-2">
              <input {...fieldProps(prefix, option.name, errors)} type="checkbox" value="yes" defaultChecked={echoed?.[option.name] === "yes"} className="mt-1 size-5 shrink-0" />
              <label htmlFor={`${prefix}-${option.name}`}>
                {option.label}
                {option.hint && <span className="block text-sm text-navy-700">{option.hint}</span>}
              </label>
            </div>
            <FieldError id={`${prefix}-${option.name}-error`} message={errors[option.name]} />
          </div>
        ),
      )}
      <PendingSubmit label="Upload and preview" pendingLabel="Reading the file..." />
    </form>
  );
}

/**
 * The preview's Confirm button, carrying the upload's token and the plan's digest: the import is written
 * only if it still plans as shown. A refusal (the data changed, the upload expired) is said above it.
 */
export function ConfirmImportForm({ action, upload, digest, label }: { action: FormAction<never>; upload: string; digest: string; label: string }) {
  const { state, formAction, formRef, alertRef } = useActionForm(action);
  return (
    <form ref={formRef} action={formAction} className="space-y-3">
      <input type="hidden" name="upload" value={upload} />
      <input type="hidden" name="digest" value={digest} />
      <FormAlert id="confirm-import-alert" ref={alertRef} message={formMessage(state)} />
      <PendingSubmit label={label} pendingLabel="Importing..." />
    </form>
  );
}
