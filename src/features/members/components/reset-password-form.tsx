"use client";

import { useActionState, useEffect, useRef } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { resetPasswordAction, type SignedIn } from "../members.actions";
import { PASSWORDS_DO_NOT_MATCH, passwordLimits } from "@/lib/auth/auth-fields";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { usePasswordMatch } from "./use-password-match";

/** Choosing the new password: the token is used only when this form is submitted, never on opening the link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState<SignedIn>, FormData>(resetPasswordAction, idleState);
  const { mismatch, attempt, onSubmit } = usePasswordMatch();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const message = mismatch ? PASSWORDS_DO_NOT_MATCH : formMessage(state);

  useEffect(() => {
    if (state.status !== "error" && !mismatch) return;
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? alertRef.current)?.focus();
  }, [state, mismatch, attempt]);

  return (
    <form
      ref={formRef}
      action={action}
      className="space-y-5"
      onSubmit={onSubmit}
    >
      <FormAlert ref={alertRef} id="reset-error" message={message} />
      <input type="hidden" name="token" value={token} />
      <Field
        id="reset-password"
        name="password"
        label="New password"
        hint={`At least ${passwordLimits.min} characters. A passphrase of a few words works well.`}
        error={errors.password}
        type="password"
        required
        minLength={passwordLimits.min}
        maxLength={passwordLimits.max}
        autoComplete="new-password"
      />
      <div>
        <label htmlFor="reset-confirmPassword" className="font-medium">
          Confirm new password
        </label>
        <input
          id="reset-confirmPassword"
          name="confirmPassword"
          type="password"
          required
          autoComplete="new-password"
          aria-invalid={mismatch || errors.confirmPassword ? true : undefined}
          className={inputClass}
        />
        <FieldError id="reset-confirmPassword-error" message={errors.confirmPassword} />
      </div>
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Saving..." : "Set New Password"}
      </Button>
    </form>
  );
}
