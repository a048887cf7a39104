import { imageFallbackUrl } from "@/lib/image-url";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import type { ProductSummary } from "./catalog.queries";

/** The product's picture as an absolute address (its JPEG/PNG fallback for an upload): link previews and schema.org. */
export function productImageUrl(product: Pick<ProductSummary, "image" | "imagePath">): string {
  const image = product.image ? imageFallbackUrl(product.image) : product.imagePath;
  return new URL(image, `${siteUrl()}/`).toString();
}

/** A product as schema.org describes one, at its list price (the product page). */
export function productData(product: ProductSummary): Record<string, unknown> {
  const url = `${siteUrl()}/shop/${product.slug}`;
  return {
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.slug,
    category: product.categoryLabel,
    image: productImageUrl(product),
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

/** The shop's list as schema.org's ItemList: each product's page, in the order shown (the /shop page). */
export function productListData(products: Pick<ProductSummary, "slug" | "name" | "image" | "imagePath">[]): Record<string, unknown> {
  return {
    "@type": "ItemList",
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: `${siteUrl()}/shop/${product.slug}`,
      name: product.name,
      image: productImageUrl(product),
    })),
  };
}
