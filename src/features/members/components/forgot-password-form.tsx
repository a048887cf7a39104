"use client";

import Link from "@/components/ui/link";
import { useActionState, useEffect, useRef } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { forgotPasswordAction } from "../members.actions";
import { CheckEmailPanel } from "./check-email-panel";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<FormState<{ email: string }>, FormData>(forgotPasswordAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};

  useEffect(() => {
    if (state.status === "success") sentRef.current?.focus();
    else if (state.status === "error") (errors.email ? emailRef.current : alertRef.current)?.focus();
  }, [state, errors.email]);

  if (state.status === "success") {
    return (
      <CheckEmailPanel headingRef={sentRef}>
        <p className="mt-2 text-navy-800">
          If an account exists for <strong>{state.data.email}</strong>, we sent it a link to choose a new password. The link
          works once and expires in one hour.
        </p>
        <p className="mt-4">
          <Link href="/login" className="font-semibold text-olive-700 underline">
            Back to sign in
          </Link>
        </p>
      </CheckEmailPanel>
    );
  }

  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id="forgot-error" message={state.status === "error" && !errors.email ? formMessage(state) : undefined} />
      <EmailField ref={emailRef} id="forgot-email" error={errors.email} defaultValue={state.status === "error" ? state.values.email : undefined} />
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Sending Instructions..." : "Send Instructions"}
      </Button>
    </form>
  );
}
