/** id, name and the ARIA wiring for one field of a form. */
export function fieldProps(prefix: string, name: string, errors: Partial<Record<string, string>>) {
  return {
    id: `${prefix}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${prefix}-${name}-error` : undefined,
  } as const;
}
