import { z } from "zod";

export const CONTROL_CHARACTERS_MESSAGE = "This contains characters we can't accept (such as invisible control characters from pasted text). Please retype it.";

/**
 * Control characters no form field may hold: NUL (PostgreSQL refuses to store it) and the rest of
 * C0 and DEL. Tab, line feed and carriage return are left to each field's own rule.
 */
const NEVER_ACCEPTED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Single-line fields (names, subjects, addresses) take no tab or line break either. */
const NOT_IN_ONE_LINE = /[\u0000-\u001f\u007f]/;

/** False for text PostgreSQL refuses even as a query parameter (NUL): a lookup can answer "not found" first. */
export function isQueryableText(text: string): boolean {
  return !text.includes("\u0000");
}

export function hasUnacceptableCharacters(text: string): boolean {
  return NEVER_ACCEPTED.test(text);
}

/** `text` without the characters `hasUnacceptableCharacters` refuses (for echoing a refused form back). */
export function withoutUnacceptableCharacters(text: string): string {
  return text.replace(new RegExp(NEVER_ACCEPTED.source, "g"), "");
}

/** A string field of one line: no control characters at all. */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((text) => !NOT_IN_ONE_LINE.test(text), CONTROL_CHARACTERS_MESSAGE);
}

/** A string field that may span lines (a message): tabs and line breaks, but no other control characters. */
export function multiLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((text) => !hasUnacceptableCharacters(text), CONTROL_CHARACTERS_MESSAGE);
}
