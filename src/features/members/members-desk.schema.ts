/** Inputs of the staff area's members pages: the search from the query string and the forms (zod). */
import { z } from "zod";
import { MEMBERSHIP_PLANS, type MembershipPlanId } from "@/features/memberships/membership-plans";
import { singleLineText } from "@/lib/text-fields";

/** better-auth's ids: letters, digits, `-` and `_` (random strings, or UUIDs in tests). */
export const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const SEARCH_MAX = 100;
export const MONTHS_MIN = 1;
export const MONTHS_MAX = 36;
export const DISABLE_REASON_MAX = 500;

export const MEMBER_NOT_FOUND = "This member does not exist. Go back to the members list and choose another.";

const memberId = z.string({ message: MEMBER_NOT_FOUND }).regex(MEMBER_ID, MEMBER_NOT_FOUND);

export const PLAN_IDS = Object.keys(MEMBERSHIP_PLANS) as MembershipPlanId[];

export const grantMembershipSchema = z.object({
  memberId,
  plan: z.enum(PLAN_IDS as [MembershipPlanId, ...MembershipPlanId[]], { message: "Choose Premium or Elite." }),
  months: z
    .string({ message: "Enter the number of months." })
    .trim()
    .min(1, "Enter the number of months.")
    .regex(/^\d{1,3}$/, `Enter a whole number of months from ${MONTHS_MIN} to ${MONTHS_MAX}.`)
    .transform(Number)
    .pipe(z.number().int().min(MONTHS_MIN, `Enter a whole number of months from ${MONTHS_MIN} to ${MONTHS_MAX}.`).max(MONTHS_MAX, `At most ${MONTHS_MAX} months at a time.`)),
});

export const disableAccountSchema = z.object({
  memberId,
  reason: singleLineText()
    .transform((text) => text.trim())
    .pipe(z.string().min(1, "Say why the account is disabled (staff see it; the member does not).").max(DISABLE_REASON_MAX, `Keep it under ${DISABLE_REASON_MAX} characters.`)),
  confirm: z.literal("yes", { error: "Tick the box to confirm: the member is signed out everywhere and cannot sign in." }),
});

export const enableAccountSchema = z.object({ memberId });

export type GrantMembershipInput = z.output<typeof grantMembershipSchema>;
export type DisableAccountInput = z.output<typeof disableAccountSchema>;

export type SearchResult = { q?: string; error?: string };

/**
 * The search box from the query string: trimmed, one value, no control characters, at most
 * SEARCH_MAX characters. Anything refused is said next to the field and searches for nothing.
 */
export function parseMemberSearch(value: string | string[] | undefined): SearchResult {
  if (value === undefined) return {};
  if (typeof value !== "string") return { error: "Search for one name or e-mail address at a time." };
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
