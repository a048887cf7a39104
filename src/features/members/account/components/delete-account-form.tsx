"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { AccountUsername, FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { deleteAccountAction } from "../account.actions";

export function DeleteAccountForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [state, action, pending] = useActionState<FormState<never>, FormData>(deleteAccountAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const field = (name: string) => fieldProps("delete-account", name, errors);
  return (
    <form ref={formRef} action={action} className="space-y-5" noValidate>
      <p>
        Deleting your account signs you out everywhere and removes your profile, settings, cart, saved sessions and newsletter
        subscription. Your registrations for events to come are cancelled and the seats offered to the waitlist. Orders and gift
        receipts are kept, as the law requires, with your name, email address, phone number and postal address removed. This
        cannot be undone.
      </p>
      <FormAlert ref={alertRef} id="delete-account-error" message={formMessage(state)} />
      {hasPassword ? (
        <div>
          <AccountUsername email={email} />
          <label htmlFor="delete-account-password" className="font-medium">
            Current password
          </label>
          <input {...field("password")} type="password" autoComplete="current-password" required className={inputClass} />
          <FieldError id="delete-account-password-error" message={errors.password} />
        </div>
      ) : (
        <div>
          <label htmlFor="delete-account-confirmEmail" className="font-medium">
            Type your email address to confirm
          </label>
          <input {...field("confirmEmail")} type="email" autoComplete="off" required className={inputClass} />
          <FieldError id="delete-account-confirmEmail-error" message={errors.confirmEmail} />
        </div>
      )}
      <div>
        <div className="flex items-start gap-3">
          <input {...field("understood")} type="checkbox" required className="mt-1 size-5 shrink-0 accent-red-700" />
          <label htmlFor="delete-account-understood">I understand that my account is deleted for good</label>
        </div>
        <FieldError id="delete-account-understood-error" message={errors.understood} />
      </div>
      <button type="submit" disabled={pending} className="rounded-md bg-red-800 px-6 py-3 font-semibold text-white hover:bg-red-900 disabled:opacity-70">
        {pending ? "Deleting..." : "Delete My Account"}
      </button>
    </form>
  );
}
