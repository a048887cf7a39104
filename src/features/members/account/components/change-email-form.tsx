"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { AccountUsername, FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { LiveStatus } from "@/components/ui/alert";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { changeEmailAction, type ChangeRequested } from "../account.actions";

export function ChangeEmailForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [state, action, pending] = useActionState<FormState<ChangeRequested>, FormData>(changeEmailAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = (name: string) => fieldProps("change-email", name, errors);
  return (
    <form ref={formRef} action={action} className="space-y-5" noValidate>
      <p>
        Your address now is <strong>{email}</strong>. We send a link to the new address; it changes only when you press Confirm
        there, and we tell this address once it has.
      </p>
      <FormAlert ref={alertRef} id="change-email-error" message={formMessage(state)} />
      <div>
        <label htmlFor="change-email-newEmail" className="font-medium">
          New email address
        </label>
        <input {...field("newEmail")} defaultValue={values.newEmail} type="email" autoComplete="email" required className={inputClass} />
        <FieldError id="change-email-newEmail-error" message={errors.newEmail} />
      </div>
      {hasPassword && (
        <div>
          <AccountUsername email={email} />
          <label htmlFor="change-email-password" className="font-medium">
            Current password
          </label>
          <input {...field("password")} type="password" autoComplete="current-password" required className={inputClass} />
          <FieldError id="change-email-password-error" message={errors.password} />
        </div>
      )}
      <LiveStatus
        id="change-email-status"
        message={
          state.status === "success"
            ? `We sent a link to ${state.data.newEmail}. Open it and press Confirm to change your address; it expires in 24 hours.`
            : undefined
        }
      />
      <button type="submit" disabled={pending} className="rounded-md bg-olive-600 px-6 py-3 font-semibold text-white hover:bg-olive-700 disabled:opacity-70">
        {pending ? "Sending..." : "Change Email"}
      </button>
    </form>
  );
}
