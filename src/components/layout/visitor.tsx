"use client";

import { createContext, use, useOptimistic, useState } from "react";
import { PersonalPart } from "./personal-part";

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

/**
 * The visitor as the page in the browser shows them. A page the HTTP front filled with the visitor's parts
 * (ADR 0025) was rendered for a visitor without a cookie, so its own props say so; the visitor it was filled
 * for is in the "visitor" part's marker, and that is what the first render must show to match the page.
 * Props the server sends later (a refresh, a form's answer) are the visitor's own again.
 */
function useServedVisitor(visitor: Visitor): Visitor {
  const [rendered] = useState(visitor);
  const [served] = useState(() => fromPage() ?? visitor);
  return visitor === rendered ? served : visitor;
}

function fromPage(): Visitor | undefined {
  if (typeof document === "undefined") return undefined;
  const state = document.querySelector('template[data-personal="visitor"]')?.getAttribute("data-state");
  try {
    return state ? (JSON.parse(state) as Visitor) : undefined;
  } catch {
    return undefined;
  }
}

export function VisitorProvider({ visitor, children }: { visitor: Visitor; children: React.ReactNode }) {
  const current = useServedVisitor(visitor);
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
