"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { NOTE_MAX, STAFF_STOCK_REASONS, STOCK_REASON_LABELS } from "../../catalog-desk.schema";
import { setArchivedAction, adjustStockAction, type CatalogChanged } from "../catalog.staff-actions";
import { PendingSubmit } from "@/components/staff/pending-submit";


/** One stock adjustment: which size, why, how many, and a note (needed with "Other"). */
export function StockAdjustmentForm({ productId, variants }: { productId: number; variants: { id: number; size: string | null; stock: number }[] }) {
  const [state, action] = useActionState<FormState<CatalogChanged>, FormData>(adjustStockAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = (name: string) => fieldProps("stock", name, errors);
  const oneSize = variants.length === 1 && variants[0]!.size === null;
  return (
    <form ref={formRef} action={action} noValidate className="space-y-3">
      <input type="hidden" name="productId" value={productId} />
      <FormDone state={state} />
      <FormAlert id="stock-alert" ref={alertRef} message={formMessage(state)} />
      {oneSize ? (
        <input type="hidden" name="variantId" value={variants[0]!.id} />
      ) : (
        <div>
          <label htmlFor="stock-variantId" className="font-medium">Size</label>
          <select key={`variant-${values.variantId ?? ""}`} {...field("variantId")} defaultValue={values.variantId ?? ""} className={inputClass}>
            <option value="">Choose…</option>
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.size} ({variant.stock} in stock)
              </option>
            ))}
          </select>
          <FieldError id="stock-variantId-error" message={errors.variantId} />
        </div>
      )}
      <div>
        <label htmlFor="stock-reason" className="font-medium">Reason</label>
        <select key={`reason-${values.reason ?? ""}`} {...field("reason")} defaultValue={values.reason ?? "received"} className={inputClass}>
          {STAFF_STOCK_REASONS.map((reason) => (
            <option key={reason} value={reason}>{STOCK_REASON_LABELS[reason]}</option>
          ))}
        </select>
        <FieldError id="stock-reason-error" message={errors.reason} />
      </div>
      <div>
        <label htmlFor="stock-quantity" className="font-medium">Quantity</label>
        <input {...field("quantity")} type="text" inputMode="numeric" required defaultValue={values.quantity ?? ""} className={inputClass} />
        <FieldError id="stock-quantity-error" message={errors.quantity} />
      </div>
      <div>
        <label htmlFor="stock-note" className="font-medium">Note (needed with “Other”)</label>
        <input {...field("note")} type="text" maxLength={NOTE_MAX} defaultValue={values.note ?? ""} className={inputClass} />
        <FieldError id="stock-note-error" message={errors.note} />
      </div>
      <PendingSubmit label="Record stock change" pendingLabel="Saving..." />
    </form>
  );
}

/** Archive (gone from the shop, kept for orders) or put back on sale. */
export function ArchiveForm({ productId, archived }: { productId: number; archived: boolean }) {
  const [state, action] = useActionState<FormState<CatalogChanged>, FormData>(setArchivedAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  return (
    <form ref={formRef} action={action} className="space-y-3">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="archived" value={archived ? "no" : "yes"} />
      <FormDone state={state} />
      <FormAlert id="archive-alert" ref={alertRef} message={formMessage(state)} />
      <PendingSubmit label={archived ? "Put back on sale" : "Archive product"} pendingLabel="Saving..." variant="desk-outline" />
    </form>
  );
}
