import { AddToCartForm } from "@/features/cart/components/add-to-cart-form";
import type { ProductSummary } from "../catalog.queries";
import { ProductCard } from "./product-card";

/** The shop's grid: every card carries Add to Cart (with a size menu for apparel). */
export function ProductGrid({ products, labelledBy, returnTo }: { products: ProductSummary[]; labelledBy: string; returnTo: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-4 sm:gap-6 xl:grid-cols-3" data-testid="product-grid">
      {products.map((product) => (
        <li key={product.slug} className="grid">
          <ProductCard
            product={product}
            action={
              <AddToCartForm
                productName={product.name}
                variants={product.variants}
                returnTo={returnTo}
                picker="select"
                size="sm"
                className="w-full rounded-md bg-white/95 p-2 shadow"
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}
