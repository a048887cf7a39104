"use client";

import { PersonalPart } from "@/components/layout/personal-part";
import { useVisitor } from "@/components/layout/visitor";
import { ButtonLink } from "@/components/ui/button-link";

/**
 * The call to join, as it fits the visitor: "Become a Member" for a visitor, "Upgrade Your Membership"
 * for a member on the free plan, nothing for a member whose paid plan is in force. The site layout works
 * out which (the visitor's `join`); this is a personal part, so the page around it is the same for everyone.
 */
export function JoinButton() {
  const visitor = useVisitor();
  const join = visitor ? visitor.join : "become";
  return (
    <PersonalPart name="join">
      {join === "become" && <ButtonLink href="/register">Become a Member</ButtonLink>}
      {join === "upgrade" && <ButtonLink href="/profile?tab=membership">Upgrade Your Membership</ButtonLink>}
    </PersonalPart>
  );
}
