"use client";

import { FieldError, inputClass } from "@/components/forms/form-parts";
import { fieldProps } from "@/components/ui/field-props";
import { PaymentMethodField } from "@/components/staff/payment-method-field";

type Errors = Partial<Record<string, string>>;

/**
 * How a desk membership was paid: the method (a required choice with an empty first option, so nothing
 * is recorded as cash by default) and the amount received. The grant form also offers Complimentary.
 */
export function DeskPaymentFields({
  prefix,
  errors,
  echoed,
  complimentary = false,
  amountHint,
}: {
  prefix: string;
  errors: Errors;
  echoed?: Record<string, string>;
  complimentary?: boolean;
  amountHint: string;
}) {
  const describedBy = (name: string, hint?: string) => [hint, errors[name] ? `${prefix}-${name}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <PaymentMethodField
        prefix={prefix}
        errors={errors}
        defaultValue={echoed?.method}
        extra={complimentary && <option value="complimentary">Complimentary (given free: no amount, no receipt)</option>}
      />
      <div>
        <label htmlFor={`${prefix}-amount`} className="font-medium">
          Amount received (dollars)
        </label>
        <p id={`${prefix}-amount-hint`} className="text-sm text-navy-700">
          {amountHint}
        </p>
        <input
          {...fieldProps(prefix, "amount", errors)}
          aria-describedby={describedBy("amount", `${prefix}-amount-hint`)}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={echoed?.amount}
          className={inputClass}
        />
        <FieldError id={`${prefix}-amount-error`} message={errors.amount} />
      </div>
    </>
  );
}

/**
 * Shown only once the server has asked (a desk record for the same member minutes ago): the volunteer
 * ticks it to record a second payment. The question itself is the form's alert.
 */
export function RepeatConfirmBox({ prefix, errors }: { prefix: string; errors: Errors }) {
  if (!errors.confirmRepeat) return null;
  return (
    <div className="flex items-start gap-2">
      <input id={`${prefix}-confirmRepeat`} name="confirmRepeat" type="checkbox" value="yes" aria-describedby={`${prefix}-alert`} className="mt-1 size-5" />
      <label htmlFor={`${prefix}-confirmRepeat`}>This is a second payment: record it again</label>
    </div>
  );
}

/** The alert's text: the repeat question when it is asked, else the form's message. */
export function deskAlertMessage(errors: Errors, message: string | undefined): string | undefined {
  return errors.confirmRepeat ?? message;
}
