"use client";

import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans";
import { DISABLE_REASON_MAX, MONTHS_MAX, MONTHS_MIN, PLAN_IDS } from "../../members-desk.schema";
import { disableAccountAction, enableAccountAction, grantMembershipAction } from "../members.staff-actions";

/** A paid plan for some months, e.g. paid at the desk: a membership still running is extended from its end. */
export function GrantMembershipForm({ memberId, currentPlan }: { memberId: string; currentPlan?: string }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(grantMembershipAction);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <input type="hidden" name="memberId" value={memberId} />
      <FormDone state={state} />
      <FormAlert id="grant-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="grant-plan" className="font-medium">
          Plan
        </label>
        <select {...fieldProps("grant", "plan", errors)} defaultValue={echoed?.plan ?? currentPlan ?? "premium"} className={inputClass}>
          {PLAN_IDS.map((plan) => (
            <option key={plan} value={plan}>
              {MEMBERSHIP_PLANS[plan].shortName}
            </option>
          ))}
        </select>
        <FieldError id="grant-plan-error" message={errors.plan} />
      </div>
      <div>
        <label htmlFor="grant-months" className="font-medium">
          Months
        </label>
        <p id="grant-months-hint" className="text-sm text-navy-700">
          From {MONTHS_MIN} to {MONTHS_MAX}. A membership still running is extended from its end date (a change of plan takes effect at once and keeps the paid time); otherwise it starts today.
        </p>
        <input
          {...fieldProps("grant", "months", errors)}
          aria-describedby={["grant-months-hint", errors.months ? "grant-months-error" : undefined].filter(Boolean).join(" ")}
          inputMode="numeric"
          autoComplete="off"
          defaultValue={echoed?.months ?? "12"}
          className={inputClass}
        />
        <FieldError id="grant-months-error" message={errors.months} />
      </div>
      <PendingSubmit label="Grant membership" pendingLabel="Saving..." />
    </form>
  );
}

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
