/** Inputs of the staff area's members pages: the search from the query string and the forms (zod). */
import { z } from "zod";
import { memberIdField as memberId } from "@/lib/auth/member-id";
import { singleLineText } from "@/lib/text-fields";

export const SEARCH_MAX = 100;
export const DISABLE_REASON_MAX = 500;

export const disableAccountSchema = z.object({
  memberId,
  reason: singleLineText()
    .transform((text) => text.trim())
    .pipe(z.string().min(1, "Say why the account is disabled (staff see it; the member does not).").max(DISABLE_REASON_MAX, `Keep it under ${DISABLE_REASON_MAX} characters.`)),
  confirm: z.literal("yes", { error: "Tick the box to confirm: the member is signed out everywhere and cannot sign in." }),
});

export const enableAccountSchema = z.object({ memberId });

export type DisableAccountInput = z.output<typeof disableAccountSchema>;

export type SearchResult = { q?: string; error?: string };

/**
 * The search box from the query string: trimmed, one value, no control characters, at most
 * SEARCH_MAX characters. Anything refused is said next to the field and searches for nothing.
 */
export function parseMemberSearch(value: string | string[] | undefined): SearchResult {
  if (value === undefined) return {};
  if (typeof value !== "string") return { error: "Search for one name or email address at a time." };
  const q = value.trim();
  if (q === "") return {};
  if (/[\u0000-\u001f\u007f]/.test(q)) return { error: "The search contains characters we can't accept (such as invisible control characters). Please retype it." };
  if (q.length > SEARCH_MAX) return { error: `Search for at most ${SEARCH_MAX} characters.` };
  return { q };
}

export function parsePage(value: string | string[] | undefined): number {
  const page = Number(typeof value === "string" ? value : undefined);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
