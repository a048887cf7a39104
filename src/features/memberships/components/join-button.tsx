import { ButtonLink } from "@/components/ui/button-link";
import { getDb } from "@/db/client";
import { getCurrentMember } from "@/lib/auth/session";
import { benefitPlan } from "../membership-plans.service";

/**
 * The call to join, as it fits the visitor: "Become a Member" for a visitor, "Upgrade Your Membership"
 * for a member on the free plan, nothing for a member whose paid plan is in force. Reads the session:
 * keep it a small component of its own so the page around it stays the same for everyone.
 */
export async function JoinButton() {
  const member = await getCurrentMember();
  if (!member) return <ButtonLink href="/register">Become a Member</ButtonLink>;
  if (await benefitPlan(getDb(), member.id)) return null;
  return <ButtonLink href="/profile?tab=membership">Upgrade Your Membership</ButtonLink>;
}
