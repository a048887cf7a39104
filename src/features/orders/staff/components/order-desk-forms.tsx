"use client";

import { ConfirmBox, DeskActionForm, type DeskAction } from "@/components/staff/desk-action-form";
import { FieldError, inputClass } from "@/components/forms/form-parts";
import { fieldProps } from "@/components/ui/field-props";
import { cancelOrderAction, markPaidAction, markPickedUpAction, markShippedAction, refundOrderAction, sendPayLinkAction, undoMarkPaidAction } from "../orders.staff-actions";
import { TRACKING_NUMBER_MAX, UNDO_REASON_MAX } from "../../orders-desk.schema";
import { PaymentMethodField } from "@/components/staff/payment-method-field";

/** One desk action on the order (see DeskActionForm): `tone` danger for those that cannot be undone. */
function DeskForm({
  orderId,
  tone = "primary",
  ...rest
}: Omit<React.ComponentProps<typeof DeskActionForm>, "record" | "variant"> & { orderId: string; tone?: "primary" | "danger" }) {
  return <DeskActionForm record={{ name: "orderId", value: orderId }} variant={tone === "danger" ? "desk-danger" : "desk-submit"} {...rest} />;
}

/** Mark paid: how it was paid (no method chosen for the volunteer) and the ticked box that the money is in hand. */
export function MarkPaidForm({ orderId, number, totalLabel }: { orderId: string; number: string; totalLabel: string }) {
  return (
    <DeskForm action={markPaidAction} orderId={orderId} prefix="paid" label={`Mark paid (${totalLabel} received)`} pendingLabel="Saving...">
      {(errors, values) => (
        <>
          <PaymentMethodField prefix="paid" errors={errors} defaultValue={values.method} />
          <ConfirmBox prefix="paid" errors={errors}>
            {`Yes, ${totalLabel} was received for order ${number}: the buyer is emailed a receipt.`}
          </ConfirmBox>
        </>
      )}
    </DeskForm>
  );
}

/** Undo a wrong "mark paid": the order waits for its payment again; the reason is required and audited. */
export function UndoPaidForm({ orderId, membership }: { orderId: string; membership: boolean }) {
  return (
    <DeskForm action={undoMarkPaidAction} orderId={orderId} prefix="undo-paid" label="Undo mark paid" pendingLabel="Saving..." tone="danger">
      {(errors, values) => (
        <div>
          <label htmlFor="undo-paid-reason" className="font-medium">
            Why is it not paid after all?
          </label>
          <p id="undo-paid-hint" className="text-sm text-navy-700">
            For a payment marked by mistake or a check that bounced. The order waits for its payment again
            {membership ? ", the membership time it started is taken back," : ","} the buyer is emailed a correction, and your reason goes into the history.
          </p>
          <textarea
            {...fieldProps("undo-paid", "reason", errors)}
            aria-describedby={["undo-paid-hint", errors.reason ? "undo-paid-reason-error" : undefined].filter(Boolean).join(" ")}
            required
            rows={2}
            maxLength={UNDO_REASON_MAX}
            defaultValue={values.reason}
            className={inputClass}
          />
          <FieldError id="undo-paid-reason-error" message={errors.reason} />
        </div>
      )}
    </DeskForm>
  );
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
    <DeskForm action={sendPayLinkAction} orderId={orderId} prefix="pay-link" label={sentAt ? "Send a new pay-by-card link" : "Email a pay-by-card link"} pendingLabel="Sending...">
      {() => (
        <p className="text-sm text-navy-700">
          {sentAt ? `A link was sent ${sentAt}; a new one replaces it.` : "The buyer gets a link to pay this order by card through Stripe, from any device."}
        </p>
      )}
    </DeskForm>
  );
}

/** A ticked box before an action that cannot be undone. */
function ConfirmedForm({ action, orderId, prefix, label, pendingLabel, confirmation }: { action: DeskAction; orderId: string; prefix: string; label: string; pendingLabel: string; confirmation: string }) {
  return (
    <DeskForm action={action} orderId={orderId} prefix={prefix} label={label} pendingLabel={pendingLabel} tone="danger">
      {(errors) => (
        <ConfirmBox prefix={prefix} errors={errors}>
          {confirmation}
        </ConfirmBox>
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
      confirmation={`Yes, cancel order ${number}: its items go back into stock and the buyer is emailed.`}
    />
  );
}

export function RefundForm({ orderId, number, totalLabel, handedOver, membership }: { orderId: string; number: string; totalLabel: string; handedOver: boolean; membership: boolean }) {
  const consequences = [handedOver ? "the items stay with the buyer" : "its items go back into stock", ...(membership ? ["the membership it started ends"] : []), "the buyer is emailed"];
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
