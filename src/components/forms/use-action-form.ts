"use client";

import { useActionState } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { useFormFocus } from "./use-form-focus";

/** A server action as a form posts it: the state it answered last, and the submitted form. */
export type FormAction<T> = (previous: FormState<T>, formData: FormData) => Promise<FormState<T>>;

/**
 * A form bound to a server action: its state, the refs that move the focus to what failed, the
 * failed submit's field errors, and `echoed`, what was typed before it failed (undefined until then).
 */
export function useActionForm<T>(action: FormAction<T>) {
  const [state, formAction] = useActionState<FormState<T>, FormData>(action, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const echoed = state.status === "error" ? state.values : undefined;
  return { state, formAction, formRef, alertRef, errors, echoed };
}
