"use client";

import { useActionState } from "react";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { cancelOrderAction, markPaidAction, markPickedUpAction, markShippedAction, refundOrderAction, sendPayLinkAction } from "../orders.staff-actions";
import { TRACKING_NUMBER_MAX } from "../../orders-desk.schema";

// Success never returns: the action redirects to the order page.
type DeskAction = (previous: FormState<never>, formData: FormData) => Promise<FormState<never>>;


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
      <PendingSubmit label={label} pendingLabel={pendingLabel} variant={tone === "danger" ? "desk-danger" : "desk-submit"} />
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

export function PayLinkForm({ orderId, sentAt }: { orderId: string; sentAt: string | null }) {
  return (
    <DeskForm action={sendPayLinkAction} orderId={orderId} prefix="pay-link" label={sentAt ? "Send a new pay-by-card link" : "E-mail a pay-by-card link"} pendingLabel="Sending...">
      {() => (
        <p className="text-sm text-navy-700">
          {sentAt ? `A link was sent ${sentAt}; a new one replaces it.` : "The buyer gets a link to pay this order by card through Stripe, from any device."}
        </p>
      )}
    </DeskForm>
  );
}

/** A ticked box before an action that cannot be undone: a second, deliberate step that works without JavaScript. */
function ConfirmedForm({ action, orderId, prefix, label, pendingLabel, confirmation }: { action: DeskAction; orderId: string; prefix: string; label: string; pendingLabel: string; confirmation: string }) {
  return (
    <DeskForm action={action} orderId={orderId} prefix={prefix} label={label} pendingLabel={pendingLabel} tone="danger">
      {(errors) => (
        <div>
          <div className="flex items-start gap-2">
            <input {...fieldProps(prefix, "confirm", errors)} type="checkbox" value="yes" className="mt-1 size-5" />
            <label htmlFor={`${prefix}-confirm`}>{confirmation}</label>
          </div>
          <FieldError id={`${prefix}-confirm-error`} message={errors.confirm} />
        </div>
      )}
    </DeskForm>
  );
}

export function CancelForm({ orderId, number }: { orderId: string; number: string }) {
  return (
    <ConfirmedForm
      action={cancelOrderAction}
      orderId={orderId}
      prefix="cancel"
      label="Cancel order"
      pendingLabel="Cancelling..."
      confirmation={`Yes, cancel order ${number}: its items go back into stock and the buyer is e-mailed.`}
    />
  );
}

export function RefundForm({ orderId, number, totalLabel, handedOver, membership }: { orderId: string; number: string; totalLabel: string; handedOver: boolean; membership: boolean }) {
  const consequences = [handedOver ? "the items stay with the buyer" : "its items go back into stock", ...(membership ? ["the membership it started ends"] : []), "the buyer is e-mailed"];
  return (
    <ConfirmedForm
      action={refundOrderAction}
      orderId={orderId}
      prefix="refund"
      label={`Refund ${totalLabel}`}
      pendingLabel="Refunding..."
      confirmation={`Yes, refund the whole card payment of order ${number} through Stripe: ${consequences.join(", ")}.`}
    />
  );
}
