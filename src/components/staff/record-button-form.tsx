"use client";

import { useActionState } from "react";
import { FormAlert, formMessage, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";

type RecordAction<T> = (previous: FormState<T>, formData: FormData) => Promise<FormState<T>>;

/**
 * A form that acts on one record by its id (delete it, retry it): the success message or the refusal
 * shows above what `children` renders for the form's state (a note, the button).
 */
export function RecordButtonForm<T extends { message: string }>({
  action: serverAction,
  id,
  alertId,
  children,
}: {
  action: RecordAction<T>;
  id: string | number;
  alertId: string;
  children: (state: FormState<T>) => React.ReactNode;
}) {
  const [state, action] = useActionState<FormState<T>, FormData>(serverAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  return (
    <form ref={formRef} action={action} className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <FormDone state={state} />
      <FormAlert id={alertId} ref={alertRef} message={formMessage(state)} />
      {children(state)}
    </form>
  );
}
