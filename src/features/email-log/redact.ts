/**
 * What staff may read of an outgoing message. Password resets, sign-in links, address confirmations
 * (the account's and the newsletter's) and the guest-order claim link carry a working secret in their
 * link: their text is never shown. In every other message, links keep their address but lose their
 * query string and fragment, where a token would travel.
 */
export const SECRET_KINDS: ReadonlySet<string> = new Set([
  "password-reset",
  "confirm-email",
  "email-change-confirm",
  "claim-orders",
  "newsletter-confirmation",
  "sign-in-link",
  // A sign-up never confirmed gets a new confirmation link in it.
  "existing-account",
]);

export const HIDDEN_QUERY = "[details hidden]";

export function carriesSecret(kind: string): boolean {
  return SECRET_KINDS.has(kind);
}

/** `text` with every link's query string and fragment replaced. */
export function redactLinks(text: string): string {
  return text.replace(/\b(https?:\/\/[^\s?#<>"']+)[?#][^\s<>"']*/gi, (_match, address: string) => `${address}?${HIDDEN_QUERY}`);
}
