/** Whose cart: a member's (by user id) or a visitor's (by the hash of the cookie token). */
export type CartOwner = { kind: "member"; userId: string } | { kind: "visitor"; tokenHash: string };
