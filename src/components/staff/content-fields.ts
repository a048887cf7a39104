import { SORT_ORDER_MAX } from "@/lib/record-fields";

/**
 * The fields of a content desk's form (src/components/staff/content-form.tsx) as plain data, so a server
 * page can describe its form. Kept out of the client module: a server page reads these values.
 */

interface FieldBase {
  name: string;
  label: string;
  hint?: string;
}

/** One field of a content form. */
export type FieldSpec =
  | (FieldBase & { kind: "text"; maxLength: number; type?: "text" | "email" | "tel"; autoComplete?: string })
  | (FieldBase & { kind: "textarea"; maxLength: number; rows?: number })
  | (FieldBase & { kind: "number"; min: number; max: number; step?: number })
  | (FieldBase & { kind: "select"; options: readonly string[] })
  | (FieldBase & { kind: "checkbox" })
  | (FieldBase & { kind: "file"; accept: string });

export const sortOrderField: FieldSpec = {
  kind: "number",
  name: "sortOrder",
  label: "Position",
  hint: "Smaller numbers come first on the public page.",
  min: 0,
  max: SORT_ORDER_MAX,
};

/** A stored row as the form's values: booleans as a checkbox posts them, nulls as empty fields. */
export function formValues(row: Record<string, string | number | boolean | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === "boolean" ? (value ? "on" : "") : value === null ? "" : String(value)]),
  );
}
