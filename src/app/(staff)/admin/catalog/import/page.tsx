import type { Metadata } from "next";
import { PRODUCT_COLUMNS, productsImport } from "@/features/catalog/catalog-import.service";
import { confirmProductsImportAction, uploadProductsCsvAction } from "@/features/catalog/staff/catalog-import.staff-actions";
import { requireDeskPage } from "@/features/staff/desk-access";
import { CsvImportBody } from "@/components/staff/csv-import-page";
import { BackLink, StaffPageHeading } from "@/components/staff/staff-ui";
import { importPageState, type ImportSearch } from "@/lib/csv-import/import-page";

export const metadata: Metadata = { title: "Import products" };

type Search = Promise<ImportSearch>;

export default async function CatalogImportPage({ searchParams }: { searchParams: Search }) {
  const staff = await requireDeskPage("/admin/catalog/import");
  const state = await importPageState(productsImport, staff.id, await searchParams);
  return (
    <>
      <BackLink href="/admin/catalog" label="Catalog" />
      <StaffPageHeading title="Import products">
        Products with their sizes and stock, one row per size. A new product comes in as a draft without a picture: add the picture and publish it at the desk. A stock
        cell sets that size&apos;s stock to the count (the stock ledger says so). Nothing is archived or deleted.
      </StaffPageHeading>
      <CsvImportBody
        path="/admin/catalog/import"
        {...state}
        keyLabel="Product and size"
        columns={PRODUCT_COLUMNS}
        exportHref="/admin/catalog/export"
        uploadAction={uploadProductsCsvAction}
        confirmAction={confirmProductsImportAction}
        list={{ href: "/admin/catalog", label: "See the catalog" }}
      />
    </>
  );
}
