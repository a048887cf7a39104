"use client";

import { useActionState, useEffect, useRef } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { registerAction, type CheckEmail } from "../members.actions";
import { PASSWORDS_DO_NOT_MATCH, passwordLimits } from "@/lib/auth/auth-fields";
import { CheckEmailPanel } from "./check-email-panel";
import type { RegisterFormCopy } from "./register-form-copy";
import { FieldError, FormAlert, formMessage, inputClass, submitClass } from "@/components/forms/form-parts";
import { usePasswordMatch } from "./use-password-match";

export function RegisterForm({ next, copy }: { next?: string; copy: RegisterFormCopy }) {
  const [state, action, pending] = useActionState<FormState<CheckEmail>, FormData>(registerAction, idleState);
  const { mismatch, attempt, onSubmit } = usePasswordMatch();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const message = mismatch ? PASSWORDS_DO_NOT_MATCH : formMessage(state);
  const confirmInvalid = mismatch || errors.form === PASSWORDS_DO_NOT_MATCH || Boolean(errors.confirmPassword);

  useEffect(() => {
    if (state.status === "success") sentRef.current?.focus();
    if (state.status !== "error" && !mismatch) return;
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']:not(#register-confirmPassword)");
    (invalid ?? alertRef.current)?.focus();
  }, [state, mismatch, attempt]);

  const field = (name: string) => fieldProps("register", name, errors);

  // The same panel whether or not the address already had an account: only its mailbox is told which.
  if (state.status === "success") {
    return (
      <CheckEmailPanel headingRef={sentRef}>
        <p className="mt-2 text-navy-800">
          We sent a message to <strong>{state.data.email}</strong>. To finish, open the link in it: it confirms your address
          and signs you in. The link expires in 24 hours. Your password signs you in after that.
        </p>
        <p className="mt-2 text-navy-800">
          If this address already had an account, no new one was made: the message says how to sign in or choose a new
          password.
        </p>
      </CheckEmailPanel>
    );
  }

  return (
    <form
      ref={formRef}
      action={action}
      className="space-y-5"
      onSubmit={onSubmit}
    >
      <FormAlert ref={alertRef} id="register-error" message={message} />
      {next && <input type="hidden" name="next" value={next} />}
      <div>
        <label htmlFor="register-name" className="font-medium">
          Name <span className="font-normal text-navy-700">(optional)</span>
        </label>
        <input
          {...field("name")}
          defaultValue={values.name}
          type="text"
          maxLength={100}
          autoComplete="name"
          aria-describedby={errors.name ? "register-name-error" : "register-name-hint"}
          className={inputClass}
        />
        <p id="register-name-hint" className="mt-1 text-sm text-navy-700">
          Shown in the header and on your profile.
        </p>
        <FieldError id="register-name-error" message={errors.name} />
      </div>
      <div>
        <label htmlFor="register-email" className="font-medium">
          Email
        </label>
        <input {...field("email")} defaultValue={values.email} type="email" required autoComplete="email" className={inputClass} />
        <FieldError id="register-email-error" message={errors.email} />
      </div>
      <div>
        <label htmlFor="register-password" className="font-medium">
          Password
        </label>
        <input
          {...field("password")}
          type="password"
          required
          minLength={passwordLimits.min}
          autoComplete="new-password"
          aria-describedby={errors.password ? "register-password-error" : "register-password-hint"}
          className={inputClass}
        />
        <p id="register-password-hint" className="mt-1 text-sm text-navy-700">
          {copy.passwordHint}
        </p>
        <FieldError id="register-password-error" message={errors.password} />
      </div>
      <div>
        <label htmlFor="register-confirmPassword" className="font-medium">
          Confirm password
        </label>
        <input
          {...field("confirmPassword")}
          type="password"
          required
          autoComplete="new-password"
          aria-invalid={confirmInvalid ? true : undefined}
          aria-describedby={errors.confirmPassword ? "register-confirmPassword-error" : confirmInvalid ? "register-error" : undefined}
          className={inputClass}
        />
        <FieldError id="register-confirmPassword-error" message={errors.confirmPassword} />
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            {...field("terms")}
            defaultChecked={values.terms === "on"}
            type="checkbox"
            required
            className="mt-1 size-5 shrink-0 accent-olive-600"
          />
          <label htmlFor="register-terms">{copy.termsLabel}</label>
        </div>
        <FieldError id="register-terms-error" message={errors.terms} />
      </div>
      <button type="submit" disabled={pending} className={submitClass}>
        {pending ? "Creating account..." : "Create Account"}
      </button>
    </form>
  );
}
