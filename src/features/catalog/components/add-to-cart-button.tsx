"use client";

import { useState } from "react";

const COMING_SOON = "Add to cart is coming soon. Online ordering opens shortly.";

/**
 * Add to Cart before the cart exists: the button answers every press with a polite status message
 * instead of doing nothing. The status element is always rendered so screen readers announce changes.
 */
export function AddToCartButton({
  productName,
  size = "md",
  className = "",
}: {
  productName: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const [presses, setPresses] = useState(0);
  const sizing = size === "sm" ? "px-3 py-2 text-sm" : "px-6 py-3";

  return (
    <div className={`flex flex-col ${className}`}>
      <button
        type="button"
        onClick={() => setPresses((n) => n + 1)}
        className={`inline-flex items-center justify-center gap-2 rounded-md bg-gold-500 font-semibold text-navy-900 shadow-sm transition-colors hover:bg-gold-400 ${sizing}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6h15l-1.5 9h-12z" strokeLinejoin="round" />
          <path d="M6 6 5 3H2" strokeLinecap="round" />
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
        </svg>
        Add to Cart<span className="sr-only">, {productName}</span>
      </button>
      <p role="status" aria-live="polite" className="text-sm">
        {/* The key re-creates the text on every press, so a repeated press is announced again. */}
        {presses > 0 && (
          <span key={presses} className="mt-2 block rounded-md bg-navy-900 px-3 py-2 text-white">
            {COMING_SOON}
          </span>
        )}
      </p>
    </div>
  );
}
