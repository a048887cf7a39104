/** Deleted people's orders and gifts keep their amounts; these stand where their details were (ADR 0020). */
export const ANONYMISED_NAME = "Deleted account";

/** `.invalid` is reserved (RFC 2606): no mail is ever delivered there. */
const ANONYMISED_DOMAIN = "@deleted.invalid";

export const anonymisedEmail = (id: string | number) => `deleted-${id}${ANONYMISED_DOMAIN}`;

export function isAnonymised(email: string): boolean {
  return email.toLowerCase().endsWith(ANONYMISED_DOMAIN);
}
