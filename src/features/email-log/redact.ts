/**
 * What staff may read of an outgoing message. A kind marked secret in lib/email/kinds.ts (password
 * resets, sign-in links, address confirmations, the guest-order claim link: a working secret in their
 * link) is never shown. In every other message, links keep their address but lose their query string
 * and fragment, where a token would travel.
 */
import { EMAIL_KINDS, isEmailKind } from "@/lib/email/kinds";

export const HIDDEN_QUERY = "[details hidden]";

/** A stored row's kind may be one the site no longer sends: such a row is shown, links redacted, as before. */
export function carriesSecret(kind: string): boolean {
  return isEmailKind(kind) && EMAIL_KINDS[kind].secret;
}

/** `text` with every link's query string and fragment replaced. */
export function redactLinks(text: string): string {
  return text.replace(/\b(https?:\/\/[^\s?#<>"']+)[?#][^\s<>"']*/gi, (_match, address: string) => `${address}?${HIDDEN_QUERY}`);
}
