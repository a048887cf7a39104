"use client";

import { useId, useState, useTransition } from "react";
import { CartIcon } from "@/components/ui/cart-icon";
import { stockLabel, type VariantSummary } from "@/features/catalog/stock";
import { addToCartAction } from "../cart.actions";
import { AddedToCart } from "./added-to-cart";
import { useOptimisticCartAdd } from "@/components/layout/visitor";
import { SizeRadios, SizeSelect } from "./size-picker";

interface Props {
  productName: string;
  variants: VariantSummary[];
  /** Where the no-JavaScript post sends the browser back to. */
  returnTo: string;
  /** "radios" on the product page and in Quick View; a compact "select" on grid cards. */
  picker?: "radios" | "select";
  size?: "sm" | "md";
  /** Show the chosen size's stock state ("Only 3 left"). */
  showStock?: boolean;
  className?: string;
}

type Announcement = { text: string; ok: boolean; key: number };

const CHOOSE_A_SIZE = "Choose a size first.";

/**
 * Add to Cart. Without JavaScript it is a plain form post to /shop/cart/add, which redirects back
 * with a confirmation. With JavaScript the post is replaced by a server action: the header badge
 * counts the item at once (useOptimistic), the page never reloads, and the result is announced.
 */
export function AddToCartForm({ productName, variants, returnTo, picker = "radios", size = "md", showStock = false, className = "" }: Props) {
  const firstInStock = variants.find((v) => v.stock > 0) ?? variants[0];
  const sized = variants.length > 1 || variants[0]?.size != null;
  // No size is chosen for the buyer: a hasty tap must not put an XS in the cart.
  const [selectedId, setSelectedId] = useState(sized ? undefined : firstInStock?.id);
  const [announcement, setAnnouncement] = useState<Announcement>();
  const [pending, startTransition] = useTransition();
  const addOptimistic = useOptimisticCartAdd();
  const id = useId();

  const selected = variants.find((v) => v.id === selectedId);
  const soldOut = !variants.some((v) => v.stock > 0);
  // Small (a card on a phone): one line, the icon only where there is room for it.
  const sizing = size === "sm" ? "whitespace-nowrap px-2 py-2 text-sm max-[400px]:[&>svg]:hidden" : "px-6 py-3";

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sized && !selected) {
      setAnnouncement((previous) => ({ text: CHOOSE_A_SIZE, ok: false, key: (previous?.key ?? 0) + 1 }));
      event.currentTarget.querySelector<HTMLElement>("select, input[type=radio]:not(:disabled)")?.focus();
      return;
    }
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      addOptimistic(1);
      const result = await addToCartAction(formData);
      setAnnouncement((previous) => ({ text: result.message, ok: result.outcome === "added", key: (previous?.key ?? 0) + 1 }));
    });
  };

  return (
    <form action="/shop/cart/add" method="post" onSubmit={onSubmit} className={`flex flex-col gap-3 ${className}`} data-testid="add-to-cart">
      <input type="hidden" name="returnTo" value={returnTo} />
      {sized ? (
        picker === "radios" ? (
          <SizeRadios name="variantId" productName={productName} variants={variants} value={selectedId} onChange={setSelectedId} />
        ) : (
          <SizeSelect id={`${id}-size`} name="variantId" productName={productName} variants={variants} value={selectedId} onChange={setSelectedId} />
        )
      ) : (
        firstInStock && <input type="hidden" name="variantId" value={firstInStock.id} />
      )}
      {showStock && (
        <p data-testid="stock-state" className="font-semibold">
          {soldOut ? "Out of stock" : selected ? stockLabel(selected.stock) : ""}
        </p>
      )}
      <button
        type="submit"
        disabled={soldOut}
        aria-disabled={pending || undefined}
        className={`inline-flex items-center justify-center gap-2 rounded-md font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:bg-sand-200 disabled:text-navy-800 bg-gold-500 text-navy-900 hover:bg-gold-400 ${sizing}`}
      >
        <CartIcon className="size-5" />
        {soldOut ? "Out of stock" : pending ? "Adding…" : "Add to Cart"}
        <span className="sr-only">, {productName}</span>
      </button>
      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {announcement && (
          // The key re-creates the text on every add, so a repeated add is announced again.
          <AddedToCart key={announcement.key} message={announcement.text} ok={announcement.ok} />
        )}
      </p>
    </form>
  );
}
