import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { createProductAction } from "@/features/catalog/staff/catalog.staff-actions";
import { ProductForm } from "@/features/catalog/staff/components/product-form";
import { ACCEPTED_LABEL, MAX_UPLOAD_LABEL } from "@/lib/images/images.service";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Add a product" };

export default async function NewProductPage() {
  await requireDeskPage("/admin/catalog/new");
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/catalog" className="font-semibold text-navy-900 underline underline-offset-2">
          ← Catalog
        </Link>
      </p>
      <StaffPageHeading title="Add a product">It goes on sale at once, with no stock: record what you received on its page next.</StaffPageHeading>
      <div className="max-w-2xl rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm sm:p-5">
        <ProductForm action={createProductAction} maxUploadLabel={MAX_UPLOAD_LABEL} acceptedLabel={ACCEPTED_LABEL} />
      </div>
    </>
  );
}
