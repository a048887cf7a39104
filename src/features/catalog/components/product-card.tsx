import { ProductImage } from "./product-image";
import Link from "@/components/ui/link";
import type { ProductSummary } from "../catalog.queries";
import { LOW_STOCK_THRESHOLD } from "../stock";
import { ProductName } from "./product-name";

/** "Out of stock", or "Only N left" for a one-size product running low; nothing otherwise. */
function cardStockNote(product: ProductSummary): string | undefined {
  if (!product.inStock) return "Out of stock";
  const [only] = product.variants;
  if (product.variants.length === 1 && only && only.stock <= LOW_STOCK_THRESHOLD) return `Only ${only.stock} left`;
  return undefined;
}

/**
 * The list item a card sits in: three rows of its grid (picture, text, action) shared with the other
 * cards of its row through a subgrid, so prices and actions stand level across a row whatever the
 * length of a name or the size of an action.
 */
export const PRODUCT_CARD_CELL = "grid grid-rows-subgrid row-span-3 gap-0";

/** Image widths the grids use: two columns on phones and tablets, three or four on desktop. */
export const PRODUCT_CARD_SIZES = "(min-width: 1280px) 18rem, (min-width: 1024px) 30vw, 50vw";

/**
 * A product tile. `action` (Add to Cart or Quick View): on touch screens always shown, below the text so
 * it never covers the picture; on hover-capable screens over the picture's foot, revealed on hover and
 * whenever anything in the card has focus, so it is never hidden from keyboard users.
 */
export function ProductCard({
  product,
  action,
  headingLevel = "h3",
}: {
  product: ProductSummary;
  action?: React.ReactNode;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const stockNote = cardStockNote(product);
  return (
    <article
      data-testid="product-card"
      className="group relative row-span-3 grid grid-rows-subgrid gap-0 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-navy-900/10 transition-shadow hover:shadow-lg"
    >
      <div className="relative aspect-square overflow-hidden bg-sand-200">
        <ProductImage
          product={product}
          sizes={PRODUCT_CARD_SIZES}
          className="size-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-105"
        />
      </div>
      <div className="flex flex-col gap-1 p-3 sm:p-4">
        <p className="text-sm font-medium text-olive-700">{product.categoryLabel}</p>
        <Heading className="text-base font-bold leading-snug sm:text-lg">
          {/* The link stretches over the whole card; the action sits above it. */}
          <Link href={`/shop/${product.slug}`} className="after:absolute after:inset-0 after:content-[''] hover:underline">
            <ProductName name={product.name} />
          </Link>
        </Heading>
        {/* The price last, at the foot of the text: level across a row of cards, with or without a stock note. */}
        <div className="mt-auto pt-1">
          {stockNote && (
            <p className="text-sm font-semibold text-red-800" data-testid="card-stock">
              {stockNote}
            </p>
          )}
          <p className="text-lg font-semibold text-navy-900" data-testid="product-price">
            {product.price}
          </p>
        </div>
      </div>
      {action && (
        // Touch screens: under the text, so the picture stays whole. Hover screens: over the picture's foot, revealed on hover or focus.
        <div className="pointer-events-none relative z-10 flex items-end px-3 pb-3 sm:px-4 sm:pb-4 [@media(hover:hover)]:absolute [@media(hover:hover)]:inset-x-0 [@media(hover:hover)]:top-0 [@media(hover:hover)]:aspect-square [@media(hover:hover)]:p-2 sm:[@media(hover:hover)]:p-3">
          <div data-testid="card-action" className="pointer-events-auto w-full transition-opacity duration-200 [@media(hover:hover)]:opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
            {action}
          </div>
        </div>
      )}
    </article>
  );
}
