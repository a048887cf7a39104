"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { NOTE_MAX, quantityField, STAFF_STOCK_REASONS, STOCK_REASON_LABELS } from "../../catalog-desk.schema";
import { setArchivedAction, adjustStockAction, publishProductAction, type CatalogChanged } from "../catalog.staff-actions";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { ConfirmBox } from "@/components/staff/desk-action-form";

/**
 * The stock of every size in one submit: one reason and note, a quantity per size (blank leaves it as
 * it is). All or nothing: a refused quantity is said beside its own field and no size changes.
 */
export function StockAdjustmentForm({ productId, variants }: { productId: number; variants: { id: number; size: string | null; stock: number }[] }) {
  const [state, action] = useActionState<FormState<CatalogChanged>, FormData>(adjustStockAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = (name: string) => fieldProps("stock", name, errors);
  const oneSize = variants.length === 1 && variants[0]!.size === null;
  const quantity = (variant: { id: number; size: string | null; stock: number }, label: string) => {
    const name = quantityField(variant.id);
    return (
      <div key={variant.id}>
        <label htmlFor={`stock-${name}`} className="font-medium">
          {label}
        </label>
        <input {...field(name)} type="text" inputMode="numeric" autoComplete="off" defaultValue={values[name] ?? ""} className={`${inputClass} max-w-32`} />
        <FieldError id={`stock-${name}-error`} message={errors[name]} />
      </div>
    );
  };
  return (
    <form ref={formRef} action={action} noValidate className="space-y-3">
      <input type="hidden" name="productId" value={productId} />
      <FormDone state={state} />
      <FormAlert id="stock-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="stock-reason" className="font-medium">Reason</label>
        <select key={`reason-${values.reason ?? ""}`} {...field("reason")} defaultValue={values.reason ?? "received"} className={inputClass}>
          {STAFF_STOCK_REASONS.map((reason) => (
            <option key={reason} value={reason}>{STOCK_REASON_LABELS[reason]}</option>
          ))}
        </select>
        <FieldError id="stock-reason-error" message={errors.reason} />
      </div>
      {oneSize ? (
        quantity(variants[0]!, "Quantity")
      ) : (
        <fieldset aria-describedby="stock-sizes-hint">
          <legend className="font-medium">Quantity per size</legend>
          <p id="stock-sizes-hint" className="text-sm text-navy-700">Leave a size blank to keep its stock as it is.</p>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">{variants.map((variant) => quantity(variant, `${variant.size} (${variant.stock} in stock)`))}</div>
        </fieldset>
      )}
      <div>
        <label htmlFor="stock-note" className="font-medium">Note (needed with “Other”)</label>
        <input {...field("note")} type="text" maxLength={NOTE_MAX} defaultValue={values.note ?? ""} className={inputClass} />
        <FieldError id="stock-note-error" message={errors.note} />
      </div>
      <PendingSubmit label="Record stock changes" pendingLabel="Saving..." />
    </form>
  );
}

/** Put a draft on sale: refused while it has no stock (the message says so); success redirects to the page, which says so. */
export function PublishForm({ productId }: { productId: number }) {
  const [state, action] = useActionState<FormState<CatalogChanged>, FormData>(publishProductAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  return (
    <form ref={formRef} action={action} className="space-y-3">
      <input type="hidden" name="productId" value={productId} />
      <FormAlert id="publish-alert" ref={alertRef} message={formMessage(state)} />
      <PendingSubmit label="Publish: put on sale" pendingLabel="Publishing..." />
    </form>
  );
}

/** Archive (gone from the shop, kept for orders) after ticking a box, or restore: on sale again, or a draft again if it was one. */
export function ArchiveForm({ productId, archived, draft, name }: { productId: number; archived: boolean; draft: boolean; name: string }) {
  const [state, action] = useActionState<FormState<CatalogChanged>, FormData>(setArchivedAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  return (
    <form ref={formRef} action={action} noValidate className="space-y-3">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="archived" value={archived ? "no" : "yes"} />
      <FormDone state={state} />
      <FormAlert id="archive-alert" ref={alertRef} message={formMessage(state)} />
      {!archived && (
        <ConfirmBox prefix="archive" errors={errors}>
          Yes, take {name} out of the shop
        </ConfirmBox>
      )}
      <PendingSubmit label={!archived ? "Archive product" : draft ? "Restore as a draft" : "Put back on sale"} pendingLabel="Saving..." variant="desk-outline" />
    </form>
  );
}
