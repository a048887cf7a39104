"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { FieldError, FormAlert, formMessage, inputClass } from "@/features/members/components/form-parts";
import { useFormFocus } from "@/features/members/profile/components/use-form-focus";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { cancelOrderAction, markPaidAction, markPickedUpAction, markShippedAction } from "../orders.staff-actions";
import { TRACKING_NUMBER_MAX } from "../orders-desk.schema";

// Success never returns: the action redirects to the order page.
type DeskAction = (previous: FormState<never>, formData: FormData) => Promise<FormState<never>>;

const primary = "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700 disabled:cursor-not-allowed disabled:opacity-70";
const danger = "rounded-md border-2 border-red-800 px-4 py-2 font-semibold text-red-800 hover:bg-red-800 hover:text-white disabled:opacity-70";

function Submit({ label, pendingLabel, className }: { label: string; pendingLabel: string; className: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * One desk action as a plain form (it posts without JavaScript too). Success redirects to the order
 * page, which says what was done; a refusal shows above the form, a field's problem beside it, and
 * the focus moves to the first of them.
 */
function DeskForm({
  action,
  orderId,
  prefix,
  label,
  pendingLabel,
  tone = "primary",
  children,
}: {
  action: DeskAction;
  orderId: string;
  prefix: string;
  label: string;
  pendingLabel: string;
  tone?: "primary" | "danger";
  children?: (errors: Partial<Record<string, string>>, values: Record<string, string>) => React.ReactNode;
}) {
  const [state, formAction] = useActionState<FormState<never>, FormData>(action, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name="orderId" value={orderId} />
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={formMessage(state)} />
      {children?.(errors, values)}
      <Submit label={label} pendingLabel={pendingLabel} className={tone === "danger" ? danger : primary} />
    </form>
  );
}

export function MarkPaidForm({ orderId, totalLabel }: { orderId: string; totalLabel: string }) {
  return <DeskForm action={markPaidAction} orderId={orderId} prefix="paid" label={`Mark paid (${totalLabel} received)`} pendingLabel="Saving..." />;
}

export function PickedUpForm({ orderId }: { orderId: string }) {
  return <DeskForm action={markPickedUpAction} orderId={orderId} prefix="pickup" label="Mark picked up" pendingLabel="Saving..." />;
}

export function ShippedForm({ orderId }: { orderId: string }) {
  return (
    <DeskForm action={markShippedAction} orderId={orderId} prefix="ship" label="Mark shipped" pendingLabel="Saving...">
      {(errors, values) => (
        <div>
          <label htmlFor="ship-trackingNumber" className="font-medium">
            Tracking number
          </label>
          <input
            {...fieldProps("ship", "trackingNumber", errors)}
            required
            maxLength={TRACKING_NUMBER_MAX}
            autoComplete="off"
            defaultValue={values.trackingNumber}
            className={inputClass}
          />
          <FieldError id="ship-trackingNumber-error" message={errors.trackingNumber} />
        </div>
      )}
    </DeskForm>
  );
}

/** Cancelling needs a ticked box: a second, deliberate step that works without JavaScript. */
export function CancelForm({ orderId, number }: { orderId: string; number: string }) {
  return (
    <DeskForm action={cancelOrderAction} orderId={orderId} prefix="cancel" label="Cancel order" pendingLabel="Cancelling..." tone="danger">
      {(errors) => (
        <div>
          <div className="flex items-start gap-2">
            <input {...fieldProps("cancel", "confirm", errors)} type="checkbox" value="yes" className="mt-1 size-5" />
            <label htmlFor="cancel-confirm">
              Yes, cancel order {number}: its items go back into stock and the buyer is e-mailed.
            </label>
          </div>
          <FieldError id="cancel-confirm-error" message={errors.confirm} />
        </div>
      )}
    </DeskForm>
  );
}
