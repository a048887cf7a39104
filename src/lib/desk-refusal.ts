import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getAuthEnv } from "@/lib/env";
import { FormError } from "@/lib/form-state";

/**
 * A desk action refused because its record moved on (a second tab: the order was cancelled, paid or
 * refunded meanwhile) goes back to the record's page, which shows the record as it is now with the
 * refusal above it, with or without JavaScript. Answering in the stale form instead would leave the old
 * status and buttons beside the refusal. The refusal travels in the query string with an HMAC under
 * the site's secret (bound to the page), so a crafted link cannot make a staff page say anything.
 */
const MAX_MESSAGE = 500;

function signature(path: string, message: string): string {
  return createHmac("sha256", getAuthEnv().secret).update(`desk-refusal:${path}:${message}`).digest("base64url");
}

/** The record's page carrying the refusal. */
export function refusalUrl(path: string, message: string): string {
  const said = message.slice(0, MAX_MESSAGE);
  return `${path}?${new URLSearchParams({ refused: said, check: signature(path, said) })}`;
}

/** The refusal a page was sent back with, when this site signed it for this page; otherwise nothing. */
export function readRefusal(path: string, params: { refused?: string | string[]; check?: string | string[] }): string | undefined {
  const { refused, check } = params;
  if (typeof refused !== "string" || typeof check !== "string" || refused.length > MAX_MESSAGE) return undefined;
  const expected = Buffer.from(signature(path, refused));
  const given = Buffer.from(check);
  return given.length === expected.length && timingSafeEqual(given, expected) ? refused : undefined;
}

/**
 * Runs a desk action on one record: a refusal of the action as a whole (a FormError without a field)
 * redirects to the record's page (see above); a field's problem (an unticked box, a missing reason)
 * stays in the form, as do the refusals in `keepInForm` (a record that does not exist has no page).
 * With `only`, just those refusals go back to the page: a form whose typed text matters (an email to
 * attendees) keeps it when refused for another reason.
 */
export async function refusedBackToRecord<T>(
  path: string,
  work: () => Promise<T>,
  { keepInForm = [], only }: { keepInForm?: readonly string[]; only?: readonly string[] } = {},
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FormError && !error.field && !keepInForm.includes(error.message) && (!only || only.includes(error.message))) {
      redirect(refusalUrl(path, error.message));
    }
    throw error;
  }
}

/**
 * For a form that stays on its page whatever the record's state (a retry button, a grant form): a
 * refusal still refreshes the pages named, so the answer (with JavaScript, the action's own response)
 * carries the record as it is now beside the refusal instead of what the tab loaded earlier.
 */
export async function refreshedOnRefusal<T>(paths: readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FormError) for (const path of paths) revalidatePath(path);
    throw error;
  }
}
