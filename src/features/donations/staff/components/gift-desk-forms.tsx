"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import type { ButtonVariant } from "@/components/ui/button-classes";
import { idleState, type FormState } from "@/lib/form-state";
import { refundGiftAction, resendReceiptAction } from "../donations.staff-actions";

// Success never returns: the action redirects to the gift's page.
type DeskAction = (previous: FormState<never>, formData: FormData) => Promise<FormState<never>>;


/** A desk action on one gift as a plain form (it posts without JavaScript too); a refusal shows above it. */
function GiftForm({
  action,
  donationId,
  prefix,
  label,
  pendingLabel,
  variant = "desk-submit",
  children,
}: {
  action: DeskAction;
  donationId: string;
  prefix: string;
  label: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  children?: (errors: Partial<Record<string, string>>) => React.ReactNode;
}) {
  const [state, formAction] = useActionState<FormState<never>, FormData>(action, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name="donationId" value={donationId} />
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={errors.donationId ?? formMessage(state)} />
      {children?.(errors)}
      <PendingSubmit label={label} pendingLabel={pendingLabel} variant={variant} />
    </form>
  );
}

export function ResendReceiptForm({ donationId, receiptNumber, email }: { donationId: string; receiptNumber: string; email: string }) {
  return (
    <GiftForm action={resendReceiptAction} donationId={donationId} prefix="resend" label="Resend the receipt" pendingLabel="Sending...">
      {() => (
        <p className="text-sm text-navy-700">
          E-mails receipt {receiptNumber} again to {email}, with the same number, date and amount.
        </p>
      )}
    </GiftForm>
  );
}

export function RefundGiftForm({ donationId, reference, totalLabel, monthly }: { donationId: string; reference: string; totalLabel: string; monthly: boolean }) {
  return (
    <GiftForm action={refundGiftAction} donationId={donationId} prefix="refund" label={`Refund ${totalLabel}`} pendingLabel="Refunding..." variant="desk-danger">
      {(errors) => (
        <div>
          <div className="flex items-start gap-2">
            <input {...fieldProps("refund", "confirm", errors)} type="checkbox" value="yes" className="mt-1 size-5" />
            <label htmlFor="refund-confirm">
              Yes, refund the whole card payment of gift {reference} through Stripe: its receipt becomes void and the donor is e-mailed.
              {monthly ? " Only this month is refunded; the monthly gift goes on." : ""}
            </label>
          </div>
          <FieldError id="refund-confirm-error" message={errors.confirm} />
        </div>
      )}
    </GiftForm>
  );
}
