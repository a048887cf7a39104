"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { idleState, type FormState } from "@/lib/form-state";
import { categoryLabels, productCategories, type ProductCategory } from "../../catalog.schema";
import { ALT_MAX, DESCRIPTION_MAX, NAME_MAX, PRODUCT_SIZES, sizeField } from "../../catalog-desk.schema";
import type { CatalogChanged } from "../catalog.staff-actions";

export interface ProductFormValues {
  id: number;
  name: string;
  description: string;
  category: ProductCategory;
  price: string;
  featured: boolean;
  lowStockThreshold: number;
  imageAlt: string;
  sizes: (string | null)[];
}

type Action = (previous: FormState<CatalogChanged>, formData: FormData) => Promise<FormState<CatalogChanged>>;

/** Adds a product (`product` absent) or edits one; the picture is required for a new product only. */
export function ProductForm({ action: serverAction, product, maxUploadLabel, acceptedLabel }: { action: Action; product?: ProductFormValues; maxUploadLabel: string; acceptedLabel: string }) {
  const [state, action] = useActionState<FormState<CatalogChanged>, FormData>(serverAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const echoed = state.status === "error" ? state.values : undefined;
  const text = (name: string, fallback: string) => echoed?.[name] ?? fallback;
  const ticked = (name: string, fallback: boolean) => (echoed ? echoed[name] === "yes" : fallback);
  const field = (name: string) => fieldProps("product", name, errors);
  const described = (name: string, hint: string) => [hint, field(name)["aria-describedby"]].filter(Boolean).join(" ");
  const oneSize = product?.sizes.includes(null) ?? false;

  return (
    <form ref={formRef} action={action} noValidate className="space-y-4">
      {product && <input type="hidden" name="productId" value={product.id} />}
      <FormDone state={state} />
      <FormAlert id="product-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="product-name" className="font-medium">Name</label>
        <input {...field("name")} type="text" required maxLength={NAME_MAX} defaultValue={text("name", product?.name ?? "")} className={inputClass} />
        <FieldError id="product-name-error" message={errors.name} />
      </div>
      <div>
        <label htmlFor="product-description" className="font-medium">Description</label>
        <textarea {...field("description")} required rows={4} maxLength={DESCRIPTION_MAX} defaultValue={text("description", product?.description ?? "")} className={inputClass} />
        <FieldError id="product-description-error" message={errors.description} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="product-category" className="font-medium">Category</label>
          {/* A select takes a new default only when mounted: the key remounts it with what was sent, so React's form reset keeps it. */}
          <select key={`category-${text("category", product?.category ?? "")}`} {...field("category")} required defaultValue={text("category", product?.category ?? "")} className={inputClass}>
            {/* Always an empty first option: a required select must start with one (HTML; the Nu Html Checker). */}
            <option value="">Choose a category</option>
            {productCategories.map((category) => (
              <option key={category} value={category}>{categoryLabels[category]}</option>
            ))}
          </select>
          <FieldError id="product-category-error" message={errors.category} />
        </div>
        <div>
          <label htmlFor="product-price" className="font-medium">Price in dollars</label>
          <p id="product-price-hint" className="text-sm text-navy-700">For example 24.99 (more than $0, at most $10,000).</p>
          <input {...field("price")} aria-describedby={described("price", "product-price-hint")} type="text" inputMode="decimal" required defaultValue={text("price", product?.price ?? "")} className={inputClass} />
          <FieldError id="product-price-error" message={errors.price} />
        </div>
      </div>
      <fieldset aria-describedby={errors.sizes ? "product-sizes-error" : "product-sizes-hint"}>
        <legend className="font-medium">Sizes</legend>
        <p id="product-sizes-hint" className="text-sm text-navy-700">
          {oneSize
            ? "This is a one-size product; it stays one size."
            : product
              ? "Sizes already made stay (set a size's stock to 0 to stop selling it); tick any to add."
              : "Leave all unticked for a one-size product. Each size has its own stock, starting at 0."}
        </p>
        {!oneSize && (
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {PRODUCT_SIZES.map((size) => {
              const made = product?.sizes.includes(size) ?? false;
              return (
                <label key={size} className="inline-flex items-center gap-2">
                  {made && <input type="hidden" name={sizeField(size)} value="yes" />}
                  <input type="checkbox" name={made ? undefined : sizeField(size)} value="yes" defaultChecked={made || ticked(sizeField(size), false)} disabled={made} className="size-5" />
                  {size}
                </label>
              );
            })}
          </div>
        )}
        <FieldError id="product-sizes-error" message={errors.sizes} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="product-lowStockThreshold" className="font-medium">Low-stock threshold</label>
          <p id="product-lowStockThreshold-hint" className="text-sm text-navy-700">A size with this many or fewer left is listed under low stock.</p>
          <input
            {...field("lowStockThreshold")}
            aria-describedby={described("lowStockThreshold", "product-lowStockThreshold-hint")}
            type="text"
            inputMode="numeric"
            required
            defaultValue={text("lowStockThreshold", String(product?.lowStockThreshold ?? 5))}
            className={inputClass}
          />
          <FieldError id="product-lowStockThreshold-error" message={errors.lowStockThreshold} />
        </div>
        <div className="flex items-start gap-2 sm:pt-8">
          <input id="product-featured" name="featured" type="checkbox" value="yes" defaultChecked={ticked("featured", product?.featured ?? false)} className="mt-1 size-5" />
          <label htmlFor="product-featured" className="font-medium">Featured (shown first, and on the home page among the first four)</label>
        </div>
      </div>
      <div>
        <label htmlFor="product-image" className="font-medium">{product ? "Replace the picture (optional)" : "Picture"}</label>
        <p id="product-image-hint" className="text-sm text-navy-700">
          {acceptedLabel}, at most {maxUploadLabel}, at least 200 pixels on each side; square pictures look best.{" "}
          {state.status === "error" && !errors.image ? "Choose the file again after correcting the form." : ""}
        </p>
        <input {...field("image")} aria-describedby={described("image", "product-image-hint")} type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/heic" required={!product} className={inputClass} />
        <FieldError id="product-image-error" message={errors.image} />
      </div>
      <div>
        <label htmlFor="product-imageAlt" className="font-medium">Describe the picture</label>
        <p id="product-imageAlt-hint" className="text-sm text-navy-700">For people who can&rsquo;t see it, e.g. &ldquo;Olive cap with the association&rsquo;s crest&rdquo;.</p>
        <input {...field("imageAlt")} aria-describedby={described("imageAlt", "product-imageAlt-hint")} type="text" required maxLength={ALT_MAX} defaultValue={text("imageAlt", product?.imageAlt ?? "")} className={inputClass} />
        <FieldError id="product-imageAlt-error" message={errors.imageAlt} />
      </div>
      <PendingSubmit label={product ? "Save changes" : "Add product"} pendingLabel="Saving..." />
    </form>
  );
}
