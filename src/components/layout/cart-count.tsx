"use client";

import { createContext, use, useOptimistic } from "react";

interface CartCountValue {
  count: number;
  /** Bumps the badge at once; call inside a transition (it settles on the server's count). */
  addOptimistic: (quantity: number) => void;
}

const CartCountContext = createContext<CartCountValue | null>(null);

/** Holds the header badge's count: the server's number, plus optimistic adds while they are in flight. */
export function CartCountProvider({ count, children }: { count: number; children: React.ReactNode }) {
  const [optimistic, addOptimistic] = useOptimistic(count, (current: number, added: number) => current + added);
  return <CartCountContext value={{ count: optimistic, addOptimistic }}>{children}</CartCountContext>;
}

export function useCartCount(fallback: number): number {
  return use(CartCountContext)?.count ?? fallback;
}

export function useOptimisticCartAdd(): (quantity: number) => void {
  return use(CartCountContext)?.addOptimistic ?? noop;
}

function noop() {}
