import { alertClasses, LiveStatus } from "@/components/ui/alert";
import { refusedFormMark, type FormState } from "@/lib/form-state";

const inputBox = "rounded-md border border-navy-700/40 bg-white px-3 py-2 text-navy-900";
const invalidBorder = "aria-[invalid=true]:border-red-700";

/** A form's text input, select or textarea, under its label; red-bordered while `aria-invalid`. */
export const inputClass = `mt-1 block w-full ${inputBox} shadow-sm ${invalidBorder}`;

/** A field of a staff desk's search or filter form (flat, no shadow). */
export const filterInputClass = `mt-1 block w-full ${inputBox} ${invalidBorder}`;

/** The same, as wide as a short value (a year). */
export const narrowFilterInputClass = `mt-1 block w-40 ${inputBox} ${invalidBorder}`;

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
    <div ref={ref} id={id} role="alert" tabIndex={-1} {...refusedFormMark} className={`${alertClasses("error")} outline-none`}>
      {message}
    </div>
  );
}

/** What a form that stays on its page says once it has done its work: its success message, in a live region. */
export function FormDone({ state }: { state: FormState<{ message: string } | undefined> }) {
  return <LiveStatus message={state.status === "success" ? state.data?.message : undefined} />;
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
