"use client";

import { useActionState } from "react";
import { FieldError, FormAlert, formMessage } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import type { ButtonVariant } from "@/components/ui/button-classes";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { PendingSubmit } from "./pending-submit";

/** A desk action whose success never returns: it redirects to the record's page. */
export type DeskAction = (previous: FormState<never>, formData: FormData) => Promise<FormState<never>>;

type Errors = Partial<Record<string, string>>;

/**
 * One desk action on one record as a plain form (it posts without JavaScript too). Success redirects
 * to the record's page, which says what was done; a refusal shows above the form, a field's problem
 * beside it, and the focus moves to the first of them. `record` is the hidden field naming the record;
 * with `recordErrorInAlert` a refusal of that field is said in the alert itself.
 */
export function DeskActionForm({
  action,
  record,
  recordErrorInAlert = false,
  prefix,
  label,
  pendingLabel,
  variant = "desk-submit",
  children,
}: {
  action: DeskAction;
  record: { name: string; value: string };
  recordErrorInAlert?: boolean;
  prefix: string;
  label: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  children?: (errors: Errors, values: Record<string, string>) => React.ReactNode;
}) {
  const [state, formAction] = useActionState<FormState<never>, FormData>(action, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const recordError = recordErrorInAlert ? errors[record.name] : undefined;
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name={record.name} value={record.value} />
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={recordError ?? formMessage(state)} />
      {children?.(errors, values)}
      <PendingSubmit label={label} pendingLabel={pendingLabel} variant={variant} />
    </form>
  );
}

/** The ticked box before an action that cannot be undone: a second, deliberate step that works without JavaScript. */
export function ConfirmBox({ prefix, errors, children }: { prefix: string; errors: Errors; children: React.ReactNode }) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input {...fieldProps(prefix, "confirm", errors)} type="checkbox" value="yes" className="mt-1 size-5" />
        <label htmlFor={`${prefix}-confirm`}>{children}</label>
      </div>
      <FieldError id={`${prefix}-confirm-error`} message={errors.confirm} />
    </div>
  );
}
