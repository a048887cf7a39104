/** What form actions return and how forms read it; safe for client components (no server code). */

/** What every form action returns; `values` echoes the submitted text so a failed form keeps what was typed. */
export type FormState<T> =
  | { status: "idle" }
  | { status: "success"; data: T }
  | {
      status: "error";
      fieldErrors: Partial<Record<string, string>>;
      formError?: string;
      values: Record<string, string>;
    };

export const idleState = { status: "idle" } as const;

/**
 * Put on the message of a refused form (spread `refusedFormMark` on it): the server answers a form
 * posted without JavaScript whose page carries it with a 422 instead of a 200 (src/server/refused-form.ts).
 */
export const FORM_REFUSED_ATTRIBUTE = "data-form-refused";
export const refusedFormMark = { [FORM_REFUSED_ATTRIBUTE]: "true" } as const;

/** A rule broken inside a service (not a parse error): shown next to the field, or above the form. */
export class FormError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Rules broken inside a service for several fields at once: each message shown next to its field. */
export class FieldErrors extends FormError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors)[0] ?? "Please correct the highlighted fields.");
  }
}

/** A failed form echoes what was typed, except passwords: they never travel back to the browser. */
export function withoutPasswords<T>(state: FormState<T>): FormState<T> {
  if (state.status !== "error") return state;
  const values = Object.fromEntries(Object.entries(state.values).filter(([key]) => !/password/i.test(key)));
  return { ...state, values };
}
