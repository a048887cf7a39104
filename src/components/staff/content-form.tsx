"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { RecordButtonForm } from "./record-button-form";
import { ConfirmBox } from "./desk-action-form";
import { idleState, type FormState } from "@/lib/form-state";
import type { FieldSpec } from "./content-fields";

export interface ContentChangedState {
  message: string;
}

type Action = (previous: FormState<ContentChangedState>, formData: FormData) => Promise<FormState<ContentChangedState>>;

function Field({ prefix, spec, value, errors }: { prefix: string; spec: FieldSpec; value: string | undefined; errors: Partial<Record<string, string>> }) {
  const field = fieldProps(prefix, spec.name, errors);
  const hintId = spec.hint ? `${prefix}-${spec.name}-hint` : undefined;
  const describedBy = [hintId, field["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  const common = { ...field, "aria-describedby": describedBy };
  const error = <FieldError id={`${prefix}-${spec.name}-error`} message={errors[spec.name]} />;
  const hint = spec.hint && (
    <p id={hintId} className="text-sm text-navy-700">
      {spec.hint}
    </p>
  );
  if (spec.kind === "file") {
    return (
      <div>
        <label htmlFor={field.id} className="font-medium">
          {spec.label}
        </label>
        {hint}
        <input {...common} type="file" accept={spec.accept} className={inputClass} />
        {error}
      </div>
    );
  }
  if (spec.kind === "checkbox") {
    return (
      <div>
        <div className="flex items-start gap-2">
          <input {...common} type="checkbox" defaultChecked={value === "on"} className="mt-1 size-5" />
          <label htmlFor={field.id} className="font-medium">
            {spec.label}
          </label>
        </div>
        {hint}
        {error}
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={field.id} className="font-medium">
        {spec.label}
      </label>
      {hint}
      {spec.kind === "textarea" ? (
        <textarea {...common} required maxLength={spec.maxLength} rows={spec.rows ?? 4} defaultValue={value} className={inputClass} />
      ) : spec.kind === "select" ? (
        <select {...common} required defaultValue={value} className={inputClass}>
          {spec.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : spec.kind === "number" ? (
        <input {...common} type="number" inputMode={spec.step && spec.step < 1 ? "decimal" : "numeric"} required min={spec.min} max={spec.max} step={spec.step ?? 1} defaultValue={value} className={`${inputClass} max-w-40`} />
      ) : (
        <input {...common} type={spec.type ?? "text"} required maxLength={spec.maxLength} autoComplete={spec.autoComplete ?? "off"} defaultValue={value} className={inputClass} />
      )}
      {error}
    </div>
  );
}

/**
 * A content form: works without JavaScript (a server action posted by the form), shows each error
 * next to its field, and with JavaScript moves the focus to the first one.
 */
export function ContentForm({
  prefix,
  action: serverAction,
  fields,
  values = {},
  hidden = {},
  submitLabel,
  layout = "stacked",
}: {
  prefix: string;
  action: Action;
  fields: FieldSpec[];
  values?: Record<string, string>;
  hidden?: Record<string, string>;
  submitLabel: string;
  layout?: "stacked" | "row";
}) {
  const [state, action] = useActionState<FormState<ContentChangedState>, FormData>(serverAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const shown = state.status === "error" ? state.values : values;
  return (
    <form ref={formRef} action={action} noValidate className="space-y-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormDone state={state} />
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={formMessage(state)} />
      <div className={layout === "row" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-4" : "space-y-4"}>
        {fields.map((spec) => (
          <Field key={spec.name} prefix={prefix} spec={spec} value={spec.kind === "checkbox" && state.status === "error" ? (shown[spec.name] ?? "") : shown[spec.name]} errors={errors} />
        ))}
      </div>
      <PendingSubmit label={submitLabel} pendingLabel="Saving..." />
    </form>
  );
}

/**
 * A delete button in a form of its own; a refusal (say, a location still in use) shows above it. With
 * `confirm`, the button works only with the box beside it ticked (the action's schema requires it).
 */
export function DeleteForm({ prefix, action, id, label, hint, confirm }: { prefix: string; action: Action; id: string; label: string; hint?: string; confirm?: string }) {
  return (
    <RecordButtonForm action={action} id={id} alertId={`${prefix}-alert`}>
      {(state) => (
        <>
          {hint && <p className="text-sm text-navy-700">{hint}</p>}
          {confirm && (
            <ConfirmBox prefix={prefix} errors={state.status === "error" ? state.fieldErrors : {}}>
              {confirm}
            </ConfirmBox>
          )}
          <PendingSubmit label={label} pendingLabel="Saving..." variant="desk-danger" />
        </>
      )}
    </RecordButtonForm>
  );
}
