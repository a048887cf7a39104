"use client";

import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import type { PlanChoice } from "../../membership-plans.service";
import { MONTHS_MAX, MONTHS_MIN } from "../../memberships-desk.schema";
import { grantMembershipAction } from "../memberships.staff-actions";
import { deskAlertMessage, DeskPaymentFields, RepeatConfirmBox } from "./desk-payment-fields";
import { formatCents } from "@/lib/money";

/**
 * A plan for some months, paid at the desk (amount and method kept, receipt emailed) or complimentary:
 * a membership still running is extended from its end.
 */
export function GrantMembershipForm({ memberId, currentPlan, plans }: { memberId: string; currentPlan?: string; plans: PlanChoice[] }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(grantMembershipAction);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <input type="hidden" name="memberId" value={memberId} />
      <FormDone state={state} />
      <FormAlert id="grant-alert" ref={alertRef} message={deskAlertMessage(errors, formMessage(state))} />
      <div>
        <label htmlFor="grant-plan" className="font-medium">
          Plan
        </label>
        <select {...fieldProps("grant", "plan", errors)} defaultValue={echoed?.plan ?? currentPlan ?? "premium"} className={inputClass}>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
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
      <DeskPaymentFields
        prefix="grant"
        errors={errors}
        echoed={echoed}
        complimentary
        amountHint={`What the member paid (a year: ${plans.map((plan) => `${plan.name} ${formatCents(plan.priceCents)}`).join(", ")}); it goes on the receipt emailed to them. Leave it empty for Complimentary.`}
      />
      <RepeatConfirmBox prefix="grant" errors={errors} />
      <PendingSubmit label="Grant membership" pendingLabel="Saving..." />
    </form>
  );
}
