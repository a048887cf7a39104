/**
 * Server actions are public endpoints: a crafted request can call one with any arguments, not the
 * FormData our forms send. Reading fields from something else would throw (a 500); an empty form
 * instead fails validation like any incomplete form, with the usual messages.
 */
export function formDataOf(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData();
}
