import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthEnv, siteUrl } from "@/lib/env";

/**
 * The order links emailed to a buyer carry a key: an HMAC of the order's id under the site's secret
 * (BETTER_AUTH_SECRET). It opens that one order in any browser, signed in or not, like a receipt
 * link; without it a guest's order opens only in the browser that placed it. Nothing is stored, so
 * every email about an order (the confirmation, the desk's receipts) carries the same working link.
 */
export function orderViewKey(orderId: string, secret = getAuthEnv().secret): string {
  return createHmac("sha256", secret).update(`order-view:${orderId}`).digest("base64url");
}

/** A key this site issued for this order (compared in constant time); anything else is false. */
export function isOrderViewKey(orderId: string, key: unknown, secret = getAuthEnv().secret): key is string {
  if (typeof key !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(key)) return false;
  const expected = Buffer.from(orderViewKey(orderId, secret));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The order's page with its key: the link every email about the order gives the buyer. */
export function orderLink(orderId: string): string {
  return `${siteUrl()}/shop/orders/${orderId}?key=${orderViewKey(orderId)}`;
}
