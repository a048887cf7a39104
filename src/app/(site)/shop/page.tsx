import { getDb } from "@/db/client";
import { PageHero } from "@/components/ui/page-hero";
import { ButtonLink } from "@/components/ui/button-link";
import { CategoryPanel, CategorySidebar } from "@/features/catalog/components/category-filter";
import { CartNotice } from "@/features/cart/components/cart-notice";
import { AddToCartForm } from "@/features/cart/components/add-to-cart-form";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { SortForm } from "@/features/catalog/components/sort-form";
import { countProductsByCategory, listProducts } from "@/features/catalog/catalog.queries";
import { categoryLabels, shopHref, shopQuerySchema } from "@/features/catalog/catalog.schema";
import { pageMetadata } from "@/lib/metadata";
import { JsonLd } from "@/components/seo/json-ld";
import { productListData } from "@/features/catalog/product-data";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Shop",
  description: "Apparel, gear and accessories from the Vanguard Veterans Association. Every purchase funds programs for veterans.",
  path: "/shop",
});

export default async function ShopPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const query = shopQuerySchema.parse(params);
  // A category the shop does not have shows the empty state rather than silently showing everything.
  const unknownCategory = typeof params.category === "string" && params.category !== "" && !query.category;

  const [products, counts] = await Promise.all([unknownCategory ? [] : listProducts(getDb(), query), countProductsByCategory(getDb())]);
  const label = unknownCategory ? "Unknown Category" : query.category ? categoryLabels[query.category] : "All Products";
  const filter = { active: query.category, unknown: unknownCategory, counts, sort: query.sort };

  return (
    <>
      {products.length > 0 && <JsonLd data={productListData(products)} />}
      <PageHero eyebrow="Vanguard Gear" title="Shop">
        <p>Apparel, gear and accessories built for training and everyday wear. Every purchase supports programs for veterans and their families.</p>
      </PageHero>

      <div className="container-page grid gap-8 py-10 lg:grid-cols-[15rem_1fr] lg:py-14">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <CategorySidebar {...filter} />
          <CategoryPanel {...filter} />
        </aside>

        <section aria-labelledby="shop-results-heading" className="min-w-0">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
            <h2 id="shop-results-heading" className="text-2xl font-bold" aria-live="polite">
              {label} ({products.length})
            </h2>
            <SortForm category={query.category} sort={query.sort} />
          </div>

          {products.length > 0 ? (
            <ProductGrid
              products={products}
              labelledBy="shop-results-heading"
              action={(product) => (
                <AddToCartForm
                  productName={product.name}
                  variants={product.variants}
                  returnTo={shopHref(query)}
                  picker="select"
                  size="sm"
                  className="w-full rounded-md bg-white/95 p-2 shadow"
                />
              )}
            />
          ) : (
            <div className="rounded-lg bg-white px-6 py-12 text-center ring-1 ring-navy-900/10">
              <p className="text-lg font-semibold">No products found in this category.</p>
              <ButtonLink href={shopHref({ sort: query.sort })} variant="secondary" className="mt-6">
                Show All Products
              </ButtonLink>
            </div>
          )}
        </section>
      </div>

      <section aria-labelledby="shop-donate-heading" className="bg-olive-700 text-white">
        <div className="container-page flex flex-col items-start gap-4 py-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="shop-donate-heading" className="text-2xl font-bold">
              Support the mission directly
            </h2>
            <p className="mt-1 max-w-2xl text-white/90">
              Shop proceeds fund training and community programs. A donation goes even further.
            </p>
          </div>
          <ButtonLink href="/donate" variant="primary" className="shrink-0">
            Make a Donation
          </ButtonLink>
        </div>
      </section>
      <CartNotice searchParams={params} />
    </>
  );
}
