import { z } from "zod";

/** better-auth's ids: letters, digits, `-` and `_` (random strings, or UUIDs in tests). */
export const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const MEMBER_NOT_FOUND = "This member does not exist. Go back to the members list and choose another.";

/** A member's id posted by a staff form: anything that cannot be one reads as "no such member". */
export const memberIdField = z.string({ message: MEMBER_NOT_FOUND }).regex(MEMBER_ID, MEMBER_NOT_FOUND);
