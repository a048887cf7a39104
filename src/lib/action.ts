import { z } from "zod";
import { formDataOf } from "./form-data";
import { CONTROL_CHARACTERS_MESSAGE, hasUnacceptableCharacters, withoutUnacceptableCharacters } from "./text-fields";

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

/** A rule broken inside a service (not a parse error): shown next to the field, or above the form. */
export class FormError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

function submittedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (!key.startsWith("$ACTION") && typeof value === "string") values[key] = value;
  }
  return values;
}

/**
 * Fields holding a control character no field accepts (NUL above all, which PostgreSQL cannot store),
 * checked here for every form so that a schema without its own rule still answers next to the field.
 */
function unacceptableFields(values: Record<string, string>): Partial<Record<string, string>> {
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const [key, value] of Object.entries(values)) {
    if (hasUnacceptableCharacters(value)) fieldErrors[key] = CONTROL_CHARACTERS_MESSAGE;
  }
  return fieldErrors;
}

function echoable(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, withoutUnacceptableCharacters(value)]));
}

/**
 * The one wrapper for form mutations: parse with zod, run the handler, and turn every failure into a
 * FormState instead of a thrown error (so the page answers 200 with messages, never a 500).
 */
export function formAction<S extends z.ZodType, T>(schema: S, handler: (input: z.output<S>) => Promise<T>) {
  return async (_previous: FormState<T>, formData: FormData): Promise<FormState<T>> => {
    const submitted = submittedValues(formDataOf(formData));
    const values = echoable(submitted);
    const refused = unacceptableFields(submitted);
    const parsed = schema.safeParse(submitted);
    if (!parsed.success || Object.keys(refused).length > 0) {
      const fieldErrors = refused;
      for (const issue of parsed.error?.issues ?? []) {
        const field = String(issue.path[0] ?? "form");
        fieldErrors[field] ??= issue.message;
      }
      return { status: "error", fieldErrors, values };
    }
    try {
      return { status: "success", data: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof FormError) {
        return error.field
          ? { status: "error", fieldErrors: { [error.field]: error.message }, values }
          : { status: "error", fieldErrors: {}, formError: error.message, values };
      }
      // Loaded here, not at the top: client components import idleState from this module, and the
      // logger (pino) must not end up in their bundles.
      const { log } = await import("./log");
      log.error({ event: "form.action-failed", err: error }, "form action failed");
      return { status: "error", fieldErrors: {}, formError: "Something went wrong on our side. Please try again.", values };
    }
  };
}

/** A failed form echoes what was typed, except passwords: they never travel back to the browser. */
export function withoutPasswords<T>(state: FormState<T>): FormState<T> {
  if (state.status !== "error") return state;
  const values = Object.fromEntries(Object.entries(state.values).filter(([key]) => !/password/i.test(key)));
  return { ...state, values };
}
