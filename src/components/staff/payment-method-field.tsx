import { FieldError, inputClass } from "@/components/forms/form-parts";
import { fieldProps } from "@/components/ui/field-props";
import { DESK_PAYMENT_LABELS, DESK_PAYMENT_METHODS } from "@/lib/payments/desk-payment";

/**
 * "Paid by" for money taken in person: cash, card or check, with an empty first option so that nothing
 * is recorded as cash by default. `extra` adds choices after them (a membership given free).
 */
export function PaymentMethodField({
  prefix,
  errors,
  defaultValue,
  extra,
}: {
  prefix: string;
  errors: Partial<Record<string, string>>;
  defaultValue?: string;
  extra?: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`${prefix}-method`} className="font-medium">
        Paid by
      </label>
      {/* Keyed by the echoed choice: React applies a select's defaultValue only when it mounts, so after a
          refused submit (with JavaScript) the select remounts holding what was chosen. */}
      <select key={defaultValue ?? ""} {...fieldProps(prefix, "method", errors)} required defaultValue={defaultValue ?? ""} className={inputClass}>
        <option value="">Choose how it was paid</option>
        {DESK_PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {DESK_PAYMENT_LABELS[method]}
          </option>
        ))}
        {extra}
      </select>
      <FieldError id={`${prefix}-method-error`} message={errors.method} />
    </div>
  );
}
