import Link from "@/components/ui/link";

/**
 * What Add to Cart answered, as a shop would show it: the item added (name and size), then the ways on
 * (View cart, Checkout); a refusal in red. Shared by the announced result (with JavaScript) and the
 * notice after the plain form post (without).
 */
export function AddedToCart({ message, ok }: { message: string; ok: boolean }) {
  if (!ok) return <span className="block rounded-md bg-red-50 px-3 py-2 text-red-900 ring-1 ring-red-900/20">{message}</span>;
  return (
    <span className="block rounded-md bg-white p-3 text-left text-navy-900 shadow-lg ring-2 ring-olive-600">
      <span className="flex items-start gap-2 font-semibold">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-olive-700" fill="none" stroke="currentColor" strokeWidth="3">
          <path d="m5 13 4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {message}
      </span>
      <span className="mt-3 flex flex-wrap gap-2">
        <Link href="/shop/cart" className="rounded-md border-2 border-navy-900 px-4 py-1.5 text-sm font-semibold hover:bg-navy-900/5">
          View cart
        </Link>
        <Link href="/shop/checkout" className="rounded-md bg-navy-900 px-4 py-1.5 text-sm font-semibold text-white hover:bg-navy-800">
          Checkout
        </Link>
      </span>
    </span>
  );
}
