import type { ProductSummary } from "../catalog.queries";
import { PRODUCT_CARD_CELL, ProductCard } from "./product-card";

/** The shop's grid: every card carries the action the page gives it (the cart's Add to Cart). */
export function ProductGrid({ products, labelledBy, action }: { products: ProductSummary[]; labelledBy: string; action: (product: ProductSummary) => React.ReactNode }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-4 sm:gap-6 xl:grid-cols-3" data-testid="product-grid">
      {products.map((product) => (
        <li key={product.slug} className={PRODUCT_CARD_CELL}>
          <ProductCard product={product} action={action(product)} />
        </li>
      ))}
    </ul>
  );
}
