"use client";

import { PersonalPart } from "@/components/layout/personal-part";
import { useVisitor } from "@/components/layout/visitor";

/**
 * The call to join as a personal part: shows `become` for a visitor, `upgrade` for a member on the free
 * plan, nothing for a member whose paid plan is in force (the visitor's `join`, which the site layout works
 * out). Both links are rendered on the server and passed in (join-button.tsx), so the page's start-up
 * JavaScript carries this choice and not the button's classes.
 */
export function JoinPart({ become, upgrade }: { become: React.ReactNode; upgrade: React.ReactNode }) {
  const visitor = useVisitor();
  const join = visitor ? visitor.join : "become";
  return (
    <PersonalPart name="join">
      {join === "become" && become}
      {join === "upgrade" && upgrade}
    </PersonalPart>
  );
}
