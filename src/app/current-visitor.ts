import type { Visitor } from "@/components/layout/visitor";
import { getCurrentCartCount } from "@/features/cart/cart-session";
import { benefitPlanOfRequest, joinCallOf } from "@/features/memberships/membership-plans.service";
import { getCurrentMember } from "@/lib/auth/session";

/**
 * Who is looking, as the header and the call to join show it (the personal parts: ADR 0025): read by the
 * site layout for every public page, and by the page of a visitor's parts alone, which must show the same.
 */
export async function currentVisitor(): Promise<Visitor> {
  const [member, cartCount] = await Promise.all([getCurrentMember(), getCurrentCartCount()]);
  if (!member) return { signedIn: false, displayName: null, staff: false, cartCount, join: "become" };
  return { signedIn: true, displayName: member.displayName, staff: member.role !== null, cartCount, join: joinCallOf(await benefitPlanOfRequest(member.id)) };
}
