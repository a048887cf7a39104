import { refusedFormMark, type FormState } from "@/lib/form-state";

export const inputClass =
  "mt-1 block w-full rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900 shadow-sm aria-[invalid=true]:border-red-700";

export const submitClass =
  "w-full rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700 disabled:cursor-not-allowed disabled:opacity-70";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** The red box: a message for the whole form (the provider's, ours, or a pointer to the fields). */
export function FormAlert({ id, message, ref }: { id: string; message?: string; ref?: React.Ref<HTMLDivElement> }) {
  if (!message) return null;
  return (
    <div ref={ref} id={id} role="alert" tabIndex={-1} {...refusedFormMark} className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900 outline-none">
      {message}
    </div>
  );
}

/** What the red box says for a failed submit: the form-level message, else a pointer to the fields. */
export function formMessage(state: FormState<unknown>): string | undefined {
  if (state.status !== "error") return undefined;
  if (state.formError) return state.formError;
  if (state.fieldErrors.form) return state.fieldErrors.form;
  return Object.keys(state.fieldErrors).length > 0 ? "Please correct the highlighted fields." : undefined;
}

/**
 * The account a password form belongs to, for password managers: they file a new password, or offer
 * the saved one, under this name. Hidden and read-only; the actions ignore it.
 */
export function AccountUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" defaultValue={email} readOnly hidden />;
}
