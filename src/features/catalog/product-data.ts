import { imageFallbackUrl } from "@/lib/image-url";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import type { ProductSummary } from "./catalog.queries";

/** A product as schema.org describes one, at its list price (the product page). */
export function productData(product: ProductSummary): Record<string, unknown> {
  const url = `${siteUrl()}/shop/${product.slug}`;
  const image = product.image ? imageFallbackUrl(product.image) : product.imagePath;
  return {
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.slug,
    category: product.categoryLabel,
    image: new URL(image, `${siteUrl()}/`).toString(),
    brand: { "@type": "Brand", name: site.name },
    offers: {
      "@type": "Offer",
      url,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "NGO", name: site.name },
    },
  };
}
