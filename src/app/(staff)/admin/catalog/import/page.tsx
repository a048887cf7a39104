import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { PRODUCT_COLUMNS, productsImport } from "@/features/catalog/catalog-import.service";
import { confirmProductsImportAction, uploadProductsCsvAction } from "@/features/catalog/staff/catalog-import.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { CsvImportBody, previewFilter } from "@/components/staff/csv-import-page";
import { BackLink, StaffPageHeading } from "@/components/staff/staff-ui";
import * as clock from "@/lib/clock";
import { MAX_IMPORT_LABEL, MAX_IMPORT_ROWS, previewUpload } from "@/lib/csv-import/csv-import.service";

export const metadata: Metadata = { title: "Import products" };

type Search = Promise<{ upload?: string | string[]; show?: string | string[]; page?: string | string[] }>;

export default async function CatalogImportPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/catalog/import");
  const search = await searchParams;
  const token = typeof search.upload === "string" ? search.upload : undefined;
  const preview = token === undefined ? null : await previewUpload(getDb(), productsImport, staff.id, token, clock.now());
  return (
    <>
      <BackLink href="/admin/catalog" label="Catalog" />
      <StaffPageHeading title="Import products">
        Products with their sizes and stock, one row per size. A new product comes in as a draft without a picture: add the picture and publish it at the desk. A stock
        cell sets that size&apos;s stock to the count (the stock ledger says so). Nothing is archived or deleted.
      </StaffPageHeading>
      <CsvImportBody
        path="/admin/catalog/import"
        token={token}
        preview={preview}
        filter={previewFilter(search)}
        keyLabel="Product and size"
        columns={PRODUCT_COLUMNS}
        exportHref="/admin/catalog/export"
        uploadAction={uploadProductsCsvAction}
        confirmAction={confirmProductsImportAction}
        uploadHint={`A CSV file (UTF-8), at most ${MAX_IMPORT_LABEL} and ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows.`}
        list={{ href: "/admin/catalog", label: "See the catalog" }}
      />
    </>
  );
}
