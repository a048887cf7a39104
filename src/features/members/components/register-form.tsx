"use client";

import { useActionState, useEffect, useRef } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { registerAction, type CheckEmail } from "../members.actions";
import { PASSWORDS_DO_NOT_MATCH, passwordLimits } from "@/lib/auth/auth-fields";
import { CheckEmailPanel } from "./check-email-panel";
import type { RegisterFormCopy } from "./register-form-copy";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { EmailField, Field } from "@/components/ui/field";
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
      <Field
        id="register-name"
        name="name"
        label={
          <>
            Name <span className="font-normal text-navy-700">(optional)</span>
          </>
        }
        hint="Shown in the header and on your profile."
        error={errors.name}
        defaultValue={values.name}
        type="text"
        maxLength={100}
        autoComplete="name"
      />
      <EmailField id="register-email" error={errors.email} defaultValue={values.email} />
      <Field
        id="register-password"
        name="password"
        label="Password"
        hint={copy.passwordHint}
        error={errors.password}
        type="password"
        required
        minLength={passwordLimits.min}
        autoComplete="new-password"
      />
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
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
