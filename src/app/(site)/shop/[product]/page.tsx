import type { Metadata } from "next";
import { ProductImage } from "@/features/catalog/components/product-image";
import { BreadcrumbHero } from "@/components/ui/breadcrumb";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AddToCartForm } from "@/features/cart/components/add-to-cart-form";
import { CartNotice } from "@/features/cart/components/cart-notice";
import { PRODUCT_CARD_CELL, ProductCard } from "@/features/catalog/components/product-card";
import { getProduct, listRelatedProducts } from "@/features/catalog/catalog.queries";
import { shopHref } from "@/features/catalog/catalog.schema";
import { getDb } from "@/db/client";
import { getCurrentMember } from "@/lib/auth/session";
import { ProductPrice } from "@/features/pricing/components/product-price";
import { productPriceForViewer } from "@/features/pricing/pricing.service";
import { pageMetadata } from "@/lib/metadata";
import { JsonLd } from "@/components/seo/json-ld";
import { productData, productImageUrl } from "@/features/catalog/product-data";
import { ProductName } from "@/features/catalog/components/product-name";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ product: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One query per request, shared by generateMetadata and the page. */
const loadProduct = cache((slug: string) => getProduct(getDb(), slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { product: slug } = await params;
  const product = await loadProduct(slug);
  if (!product) return { title: "Product not found" };
  return pageMetadata({
    title: product.name,
    description: product.description,
    path: `/shop/${product.slug}`,
    image: { url: productImageUrl(product), alt: product.imageAlt },
  });
}

export default async function ProductPage({ params, searchParams }: Props) {
  const { product: slug } = await params;
  const product = await loadProduct(slug);
  if (!product) notFound();
  const member = await getCurrentMember();
  const [related, price] = await Promise.all([listRelatedProducts(getDb(), product), productPriceForViewer(getDb(), member?.id ?? null, product.priceCents)]);

  return (
    <>
      <BreadcrumbHero
        labelledBy="product-title"
        trail={[
          { href: "/shop", label: "Shop" },
          { href: shopHref({ category: product.category }), label: product.categoryLabel },
        ]}
        current={product.name}
      >
        <div className="grid gap-8 md:grid-cols-2 md:items-center lg:gap-14">
          <ProductImage
            product={product}
            preload
            sizes="(min-width: 1280px) 36rem, (min-width: 768px) 45vw, 100vw"
            className="aspect-square w-full rounded-xl bg-sand-200 object-cover"
          />
          <div className="flex flex-col gap-4">
            <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">{product.categoryLabel}</p>
            <h1 id="product-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
              <ProductName name={product.name} />
            </h1>
            <ProductPrice price={price} />
            <p className="text-lg text-white/85">{product.description}</p>
            <AddToCartForm
              productName={product.name}
              variants={product.variants}
              returnTo={`/shop/${product.slug}`}
              showStock
              className="mt-2 max-w-sm"
            />
            <p className="text-sm text-white/80">
              Category:{" "}
              <Link href={shopHref({ category: product.category })} className="underline underline-offset-4 hover:text-white">
                {product.categoryLabel}
              </Link>
            </p>
          </div>
        </div>
      </BreadcrumbHero>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="container-page py-12 lg:py-16">
          <h2 id="related-heading" className="mb-6 text-2xl font-bold">
            You might also like
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
            {related.map((item) => (
              <li key={item.slug} className={PRODUCT_CARD_CELL}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="container-page pb-14">
        <Link href="/shop" className="font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-600">
          ← Back to all products
        </Link>
      </div>
      <CartNotice searchParams={await searchParams} />
      <JsonLd data={productData(product)} />
    </>
  );
}
