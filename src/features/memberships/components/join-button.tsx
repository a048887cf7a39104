import { ButtonLink } from "@/components/ui/button-link";
import { JoinPart } from "./join-part";

/**
 * The call to join, as it fits the visitor: "Become a Member" for a visitor, "Upgrade Your Membership"
 * for a member on the free plan, nothing for a member whose paid plan is in force. The site layout works
 * out which (the visitor's `join`); this is a personal part, so the page around it is the same for everyone.
 */
export function JoinButton() {
  return (
    <JoinPart
      become={<ButtonLink href="/register">Become a Member</ButtonLink>}
      upgrade={<ButtonLink href="/profile?tab=membership">Upgrade Your Membership</ButtonLink>}
    />
  );
}
