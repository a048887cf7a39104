"use client";

import { useEffect, useRef } from "react";
import type { FormState } from "@/lib/form-state";

/** After a failed submit, focus the first invalid field, or the red box when the whole form failed. */
export function useFormFocus(state: FormState<unknown>) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.status !== "error") return;
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? alertRef.current)?.focus();
  }, [state]);
  return { formRef, alertRef };
}
