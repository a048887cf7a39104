"use client";

import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { formatCents } from "@/lib/money";
import type { PlanChoice } from "../../membership-plans.service";
import { benefitValuesAction, deskRenewalAction } from "../memberships.staff-actions";
import { deskAlertMessage, DeskPaymentFields, RepeatConfirmBox } from "./desk-payment-fields";

/** A year paid at the desk: added to the later of today and the member's current expiry; the member is emailed a receipt. */
export function DeskRenewalForm({ plans }: { plans: PlanChoice[] }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(deskRenewalAction);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <FormDone state={state} />
      <FormAlert id="renewal-alert" ref={alertRef} message={deskAlertMessage(errors, formMessage(state))} />
      <div>
        <label htmlFor="renewal-email" className="font-medium">
          Member&apos;s email
        </label>
        <input {...fieldProps("renewal", "email", errors)} type="email" autoComplete="off" defaultValue={echoed?.email} className={inputClass} />
        <FieldError id="renewal-email-error" message={errors.email} />
      </div>
      <div>
        <label htmlFor="renewal-plan" className="font-medium">
          Plan
        </label>
        <select {...fieldProps("renewal", "plan", errors)} defaultValue={echoed?.plan ?? "premium"} className={inputClass}>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {`${plan.name} (${formatCents(plan.priceCents).replace(/\.00$/, "")})`}
            </option>
          ))}
        </select>
        <FieldError id="renewal-plan-error" message={errors.plan} />
      </div>
      <DeskPaymentFields
        prefix="renewal"
        errors={errors}
        echoed={echoed}
        amountHint={`What the member paid, e.g. ${plans.map((plan) => `${formatCents(plan.priceCents)} for ${plan.name}`).join(", ")}. It goes on their receipt.`}
      />
      <div>
        <div className="flex items-start gap-2">
          <input {...fieldProps("renewal", "confirm", errors)} type="checkbox" value="yes" className="mt-1 size-5" />
          <label htmlFor="renewal-confirm">The member paid for one year at the desk</label>
        </div>
        <FieldError id="renewal-confirm-error" message={errors.confirm} />
      </div>
      <RepeatConfirmBox prefix="renewal" errors={errors} />
      <PendingSubmit label="Record renewal" pendingLabel="Saving..." />
    </form>
  );
}

/** Staff's good-faith estimate of each plan's benefits, stated on membership receipts (IRS Publication 1771). */
export function BenefitValuesForm({ premium, elite }: { premium: string; elite: string }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(benefitValuesAction);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <FormDone state={state} />
      <FormAlert id="values-alert" ref={alertRef} message={formMessage(state)} />
      {(
        [
          ["premium", "Premium benefits' value", premium],
          ["elite", "Elite benefits' value", elite],
        ] as const
      ).map(([name, label, current]) => (
        <div key={name}>
          <label htmlFor={`values-${name}`} className="font-medium">
            {label} (dollars)
          </label>
          <input {...fieldProps("values", name, errors)} inputMode="decimal" autoComplete="off" defaultValue={echoed?.[name] ?? current} className={inputClass} />
          <FieldError id={`values-${name}-error`} message={errors[name]} />
        </div>
      ))}
      <PendingSubmit label="Save values" pendingLabel="Saving..." />
    </form>
  );
}
