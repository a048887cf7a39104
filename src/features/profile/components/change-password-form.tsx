"use client";

import { useActionState } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { AccountUsername, FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { passwordLimits } from "@/lib/auth/auth-fields";
import { changePasswordAction, type PasswordChanged } from "../profile.actions";
import { LiveStatus } from "@/components/ui/alert";
import { fieldProps } from "@/components/ui/field-props";
import { useFormFocus } from "@/components/forms/use-form-focus";

function successMessage(state: FormState<PasswordChanged>): string | undefined {
  if (state.status !== "success") return undefined;
  return state.data.otherSessionsRevoked
    ? "Password changed. You stay signed in here; your other sessions were signed out."
    : "Password changed. You stay signed in here and on your other devices.";
}

export function ChangePasswordForm({ email }: { email: string }) {
  const [state, action, pending] = useActionState<FormState<PasswordChanged>, FormData>(changePasswordAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const revokeChecked = state.status === "error" ? state.values.revokeOtherSessions === "on" : true;
  const field = (name: string) => fieldProps("password", name, errors);

  return (
    <form ref={formRef} action={action} className="space-y-5" noValidate>
      <FormAlert ref={alertRef} id="password-error" message={formMessage(state)} />
      <AccountUsername email={email} />
      <div>
        <label htmlFor="password-currentPassword" className="font-medium">
          Current password
        </label>
        <input {...field("currentPassword")} type="password" autoComplete="current-password" required className={inputClass} />
        <FieldError id="password-currentPassword-error" message={errors.currentPassword} />
      </div>
      <div>
        <label htmlFor="password-newPassword" className="font-medium">
          New password
        </label>
        <input
          {...field("newPassword")}
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordLimits.min}
          maxLength={passwordLimits.max}
          aria-describedby={errors.newPassword ? "password-newPassword-error password-newPassword-hint" : "password-newPassword-hint"}
          className={inputClass}
        />
        <p id="password-newPassword-hint" className="mt-1 text-sm text-navy-700">
          At least {passwordLimits.min} characters. A long phrase is easy to remember and hard to guess.
        </p>
        <FieldError id="password-newPassword-error" message={errors.newPassword} />
      </div>
      <div>
        <label htmlFor="password-confirmPassword" className="font-medium">
          Confirm new password
        </label>
        <input {...field("confirmPassword")} type="password" autoComplete="new-password" required className={inputClass} />
        <FieldError id="password-confirmPassword-error" message={errors.confirmPassword} />
      </div>
      <div className="flex items-start gap-3">
        <input
          id="password-revokeOtherSessions"
          name="revokeOtherSessions"
          type="checkbox"
          key={String(revokeChecked)}
          defaultChecked={revokeChecked}
          className="mt-1 size-5 shrink-0 accent-olive-600"
        />
        <label htmlFor="password-revokeOtherSessions">Sign out of my other sessions</label>
      </div>
      <LiveStatus id="password-status" message={pending ? undefined : successMessage(state)} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-olive-600 px-6 py-3 font-semibold text-white hover:bg-olive-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? "Changing password..." : "Change Password"}
      </button>
    </form>
  );
}
