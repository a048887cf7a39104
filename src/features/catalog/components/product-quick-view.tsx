import { ProductImage } from "./product-image";
import Link from "@/components/ui/link";
import type { ProductSummary } from "../catalog.queries";
import { QuickView } from "./quick-view";
import { ProductName } from "./product-name";

/**
 * Quick View for one product: the dialog's content is rendered on the server and handed to the client
 * leaf. `addToCart`: the cart's form, which the page passes in.
 */
export function ProductQuickView({ product, addToCart }: { product: ProductSummary; addToCart: React.ReactNode }) {
  const titleId = `quick-view-${product.slug}-title`;
  return (
    <QuickView productName={product.name} titleId={titleId}>
      <div className="grid gap-6 sm:grid-cols-2 sm:items-start">
        <ProductImage
          product={product}
          sizes="(min-width: 768px) 22rem, (min-width: 640px) 45vw, calc(100vw - 6rem)"
          className="aspect-square w-full rounded-lg bg-sand-200 object-cover"
        />
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-olive-700">{product.categoryLabel}</p>
          <h2 id={titleId} className="pr-10 text-2xl font-bold">
            <ProductName name={product.name} />
          </h2>
          <p className="text-2xl font-semibold">{product.price}</p>
          <p className="text-navy-800">{product.description}</p>
          {addToCart}
          <Link href={`/shop/${product.slug}`} className="font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-600">
            View full details<span className="sr-only"> for {product.name}</span>
          </Link>
        </div>
      </div>
    </QuickView>
  );
}
