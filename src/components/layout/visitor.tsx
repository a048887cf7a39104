"use client";

import { createContext, use, useOptimistic } from "react";
import { PersonalPart } from "./personal-part";
import { useServedState } from "./served-state";

/** What the public pages show that depends on who is looking. Everything here is rendered as a personal part. */
export interface Visitor {
  signedIn: boolean;
  /** Null when signed out, or a member without a name. */
  displayName: string | null;
  /** A staff role (any): the header then leads to the staff area too. */
  staff: boolean;
  cartCount: number;
  /** The call to join: "become" a member, "upgrade" from the free plan, or none while a paid plan is in force. */
  join: "become" | "upgrade" | null;
}

interface VisitorValue extends Visitor {
  /** Bumps the cart badge at once; call inside a transition (it settles on the server's count). */
  addToCartOptimistic: (quantity: number) => void;
}

const VisitorContext = createContext<VisitorValue | null>(null);

export function VisitorProvider({ visitor, children }: { visitor: Visitor; children: React.ReactNode }) {
  // A page the front filled shows the visitor of the "visitor" part's marker, not of its own props.
  const current = useServedState("visitor", visitor);
  const [cartCount, addToCartOptimistic] = useOptimistic(current.cartCount, (count: number, added: number) => count + added);
  return (
    <VisitorContext value={{ ...current, cartCount, addToCartOptimistic }}>
      <PersonalPart name="visitor" state={current} />
      {children}
    </VisitorContext>
  );
}

/** The visitor, or null on a page served the same to everyone that cannot know them (the 404 page). */
export function useVisitor(): VisitorValue | null {
  return use(VisitorContext);
}

export function useOptimisticCartAdd(): (quantity: number) => void {
  return use(VisitorContext)?.addToCartOptimistic ?? noop;
}

function noop() {}
