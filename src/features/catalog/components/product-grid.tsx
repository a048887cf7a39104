import type { ProductSummary } from "../catalog.queries";
import { AddToCartButton } from "./add-to-cart-button";
import { ProductCard } from "./product-card";

/** The shop's grid: every card carries an Add to Cart button. */
export function ProductGrid({ products, labelledBy }: { products: ProductSummary[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-4 sm:gap-6 xl:grid-cols-3" data-testid="product-grid">
      {products.map((product) => (
        <li key={product.slug} className="grid">
          <ProductCard product={product} action={<AddToCartButton productName={product.name} size="sm" className="w-full" />} />
        </li>
      ))}
    </ul>
  );
}
