import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { FieldErrors, FormError, type FormState } from "./form-state";
import { formDataOf } from "./form-data";
import { log } from "./log";
import { CONTROL_CHARACTERS_MESSAGE, hasUnacceptableCharacters, withoutUnacceptableCharacters } from "./text-fields";

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

/** The most of one field a refused form sends back when its schema sets no maximum: more than any of ours takes. */
export const ECHO_LIMIT = 10_000;

/** The schema inside an optional, a default, a refinement's pipe or a transform (zod 4 keeps them in `def`). */
function innerSchema(schema: z.ZodType): z.ZodType | undefined {
  const def = schema._zod.def as { innerType?: z.ZodType; in?: z.ZodType };
  return def.innerType ?? def.in;
}

/** How much of a field to echo: its own maximum length when the schema sets one, never more than ECHO_LIMIT. */
function echoLimitOf(schema: z.ZodType, key: string): number {
  let form: z.ZodType | undefined = schema;
  for (let depth = 0; form && !(form instanceof z.ZodObject) && depth < 8; depth++) form = innerSchema(form);
  let field: z.ZodType | undefined = form instanceof z.ZodObject ? (form.shape as Record<string, z.ZodType>)[key] : undefined;
  for (let depth = 0; field && depth < 8; depth++) {
    if (field instanceof z.ZodString) return Math.min(field.maxLength ?? ECHO_LIMIT, ECHO_LIMIT);
    field = innerSchema(field);
  }
  return ECHO_LIMIT;
}

/**
 * What a refused form sends back of what was typed: each field cut to its own limit, so a form posted
 * with megabytes in a field is never echoed back whole.
 */
function echoable(schema: z.ZodType, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, withoutUnacceptableCharacters(value).slice(0, echoLimitOf(schema, key))]));
}

/**
 * Who is acting, for actions that need to know: resolves to the actor, or throws a FormError (shown
 * above the form) when they may not act. Runs before anything is parsed or changed.
 */
export type Authorize<A> = () => Promise<A>;

/**
 * The one wrapper for form mutations: authorise, parse with zod, run the handler, and turn every
 * failure into a FormState instead of a thrown error (so the page answers 200 with messages, never a
 * 500). Next's own redirect() and notFound() pass through.
 */
export function formAction<S extends z.ZodType, T, A = undefined>(
  schema: S,
  handler: (input: z.output<S>, actor: A) => Promise<T>,
  authorize?: Authorize<A>,
) {
  return async (_previous: FormState<T>, formData: FormData): Promise<FormState<T>> => {
    const submitted = submittedValues(formDataOf(formData));
    const values = echoable(schema, submitted);
    try {
      const actor = (authorize ? await authorize() : undefined) as A;
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
      return { status: "success", data: await handler(parsed.data, actor) };
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof FieldErrors) return { status: "error", fieldErrors: { ...error.fieldErrors }, values };
      if (error instanceof FormError) {
        return error.field
          ? { status: "error", fieldErrors: { [error.field]: error.message }, values }
          : { status: "error", fieldErrors: {}, formError: error.message, values };
      }
      log.error({ event: "form.action-failed", err: error }, "form action failed");
      return { status: "error", fieldErrors: {}, formError: "Something went wrong on our side. Please try again.", values };
    }
  };
}
