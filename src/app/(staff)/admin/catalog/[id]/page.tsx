import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getCatalogProduct, listStockLedger } from "@/features/catalog/catalog-desk.queries";
import { parseProductId } from "@/features/catalog/catalog-desk.schema";
import { StockSummary } from "@/features/catalog/staff/components/catalog-table";
import { updateProductAction } from "@/features/catalog/staff/catalog.staff-actions";
import { ProductForm } from "@/features/catalog/staff/components/product-form";
import { ArchiveForm, PublishForm, StockAdjustmentForm } from "@/features/catalog/staff/components/stock-forms";
import { StockLedger } from "@/features/catalog/staff/components/stock-ledger";
import { ACCEPTED_LABEL, MAX_UPLOAD_LABEL } from "@/lib/images/images.service";
import { requireDeskPage } from "@/features/staff/desk-access";
import { Panel } from "@/components/staff/staff-ui";
import { roleAllows } from "@/lib/access-control";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Product" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CatalogProductPage({ params, searchParams }: Props) {
  const { id: rawId } = await params;
  const id = parseProductId(rawId);
  const staff = await requireDeskPage("/admin/catalog/[id]", id === null ? "/admin/catalog" : `/admin/catalog/${id}`);
  if (id === null) notFound();
  const product = await getCatalogProduct(getDb(), id);
  if (!product) notFound();
  const ledger = await listStockLedger(getDb(), id);
  const mayEdit = roleAllows(staff.role, { catalog: ["update"] });
  const { done } = await searchParams;
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/catalog" className="font-semibold text-navy-900 underline underline-offset-2">
          ← Catalog
        </Link>
      </p>
      <div className="mb-6">
        <h1 className="break-words text-2xl font-bold text-navy-900 sm:text-3xl">{product.name}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-navy-700">
          <span data-testid="product-state">{product.archived ? "Archived: not in the shop" : product.draft ? "Draft: not in the shop yet" : "On sale"}</span>
          {!product.archived && !product.draft && (
            <Link href={`/shop/${product.slug}`} className="underline">
              View in the shop
            </Link>
          )}
          <Link href={`/admin/audit?type=product&id=${product.id}`} className="underline">
            History in the audit log
          </Link>
        </p>
      </div>
      {done === "created" && (
        <Alert tone="success" className="mb-4">
          {product.name} is added as a draft: visitors can&apos;t see it yet. Record its stock below, then publish it.
        </Alert>
      )}
      {done === "published" && !product.draft && (
        <Alert tone="success" className="mb-4">
          {product.name} is on sale: the shop shows it now.
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        {/* min-w-0: a wide table scrolls inside its panel instead of widening the page on a phone. */}
        <div className="min-w-0 space-y-4">
          {mayEdit && (
            <Panel title="Details" id="details-heading">
              <ProductForm
                action={updateProductAction}
                maxUploadLabel={MAX_UPLOAD_LABEL}
                acceptedLabel={ACCEPTED_LABEL}
                product={{
                  id: product.id,
                  name: product.name,
                  description: product.description,
                  category: product.category,
                  price: (product.priceCents / 100).toFixed(2),
                  featured: product.featured,
                  lowStockThreshold: product.lowStockThreshold,
                  imageAlt: product.imageAlt,
                  sizes: product.variants.map((variant) => variant.size),
                }}
              />
            </Panel>
          )}
          <Panel title="Stock history" id="ledger-heading">
            <StockLedger entries={ledger} />
          </Panel>
        </div>
        {/* On a phone the stock comes first: it is what staff change most, standing at the shelf. */}
        <div className="order-first min-w-0 space-y-4 lg:order-none">
          <Panel title="Picture" id="picture-heading">
            {product.imagePath ? (
              // eslint-disable-next-line @next/next/no-img-element -- a small preview of what the shop shows
              <img src={product.imagePath} alt={product.imageAlt} width={200} height={200} className="aspect-square w-48 rounded-md bg-sand-200 object-cover" />
            ) : (
              <p data-testid="no-picture">No picture yet (the product came from an import): add one under Details before publishing.</p>
            )}
          </Panel>
          <Panel title="Stock" id="stock-heading">
            <div data-testid="stock-now">
              <StockSummary variants={product.variants} />
            </div>
            <p className="mt-1 text-sm text-navy-700">Low stock at {product.lowStockThreshold} or fewer.</p>
            {mayEdit && (
              <div className="mt-4">
                <StockAdjustmentForm productId={product.id} variants={product.variants} />
              </div>
            )}
          </Panel>
          {mayEdit && product.draft && !product.archived && (
            <Panel title="Publish" id="publish-heading">
              <p className="mb-3 text-sm text-navy-700">
                {!product.imagePath
                  ? "A draft is not in the shop, the sitemap or any cart. It can be published once it has a picture (under Details) and stock."
                  : product.variants.some((variant) => variant.stock > 0)
                    ? "A draft is not in the shop, the sitemap or any cart. Publishing puts it on sale at once."
                    : "A draft is not in the shop, the sitemap or any cart. It can be published once it has stock: record what you received above."}
              </p>
              <PublishForm productId={product.id} />
            </Panel>
          )}
          {mayEdit && (
            <Panel title={product.archived ? "Archived" : "Archive"} id="archive-heading">
              <p className="mb-3 text-sm text-navy-700">
                {product.archived
                  ? "Archived: not in the shop and not sold. Orders that include it still show it."
                  : "Archive a product that is no longer sold: it leaves the shop and carts at once; orders that include it still show it."}
              </p>
              <ArchiveForm productId={product.id} archived={product.archived} draft={product.draft} name={product.name} />
            </Panel>
          )}
        </div>
      </div>
    </>
  );
}
