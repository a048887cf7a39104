/** Plain constants the browser form needs; kept apart from checkout.schema.ts so zod stays on the server. */
export const checkoutLimits = { name: 100, email: 254, phone: 30, line: 120, city: 80, region: 40, postalCode: 10 } as const;

/** Flat shipping anywhere in the US; picking up at a training location is free. */
export const SHIPPING_FLAT_CENTS = 795;

/** The checkout's "Update total" button (shown without JavaScript): re-render with the chosen delivery, place nothing. */
export const UPDATE_TOTAL_INTENT = "update-total";
