import { onAccountEvent } from "@/lib/auth/account-hooks";

/**
 * What the shop and the calendar do when something happens to an account, registered with identity at
 * start-up (src/instrumentation.ts; the tests' setup too). Identity imports none of them; the hooks
 * load their feature when they first run, so registering costs nothing.
 */
export function registerAccountHooks(): void {
  onAccountEvent("sessionStarted", "cart: merge the visitor's cart", async (db, userId, cookieHeader) => {
    const { mergeCartOnSignIn } = await import("@/features/cart/merge-on-sign-in");
    await mergeCartOnSignIn(db, userId, cookieHeader);
  });
  onAccountEvent("accountCreated", "orders: offer the guest orders placed with the address", async (db, user) => {
    const { offerGuestOrders } = await import("@/features/orders/claim-guest-orders.service");
    await offerGuestOrders(db, user);
  });
  onAccountEvent("mailboxProved", "orders: claim the guest orders placed with the address", async (db, user) => {
    const { claimGuestOrders } = await import("@/features/orders/claim-guest-orders.service");
    await claimGuestOrders(db, user);
  });
  onAccountEvent("accountDeleting", "events: give up the member's places at events to come", async (db, userId, now) => {
    const { giveUpUpcomingPlaces } = await import("@/features/events/registration.service");
    await giveUpUpcomingPlaces(db, userId, now);
  });
}
