"use client";

import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import { DISABLE_REASON_MAX } from "../../members-desk.schema";
import { disableAccountAction, enableAccountAction } from "../members.staff-actions";

/**
 * Disable (with a reason and a confirmation: the member is signed out everywhere and can no longer sign
 * in or reset the password) or re-enable. One component for both, so the confirmation of the last change
 * stays visible when the page refreshes into the other form.
 */
export function AccountStatusForm({ memberId, disabled }: { memberId: string; disabled: boolean }) {
  const disabling = useActionForm(disableAccountAction);
  const enabling = useActionForm(enableAccountAction);
  if (disabled) {
    const { state, formAction, formRef, alertRef } = enabling;
    return (
      <form ref={formRef} action={formAction} className="space-y-4">
        <input type="hidden" name="memberId" value={memberId} />
        <FormDone state={disabling.state} />
        <FormAlert id="enable-alert" ref={alertRef} message={formMessage(state)} />
        <PendingSubmit label="Re-enable account" pendingLabel="Saving..." />
      </form>
    );
  }
  const { state, formAction, formRef, alertRef, errors, echoed } = disabling;
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <input type="hidden" name="memberId" value={memberId} />
      <FormDone state={enabling.state} />
      <FormAlert id="disable-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="disable-reason" className="font-medium">
          Reason (for staff)
        </label>
        <input {...fieldProps("disable", "reason", errors)} maxLength={DISABLE_REASON_MAX} autoComplete="off" defaultValue={echoed?.reason} className={inputClass} />
        <FieldError id="disable-reason-error" message={errors.reason} />
      </div>
      <div>
        <div className="flex items-start gap-2">
          <input {...fieldProps("disable", "confirm", errors)} type="checkbox" value="yes" className="mt-1 size-5" />
          <label htmlFor="disable-confirm">Sign this member out everywhere and refuse their sign-in and password resets</label>
        </div>
        <FieldError id="disable-confirm-error" message={errors.confirm} />
      </div>
      <PendingSubmit label="Disable account" pendingLabel="Disabling..." variant="desk-danger" />
    </form>
  );
}
