"use client";

import { useActionState, useEffect, useRef } from "react";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";
import { idleState, type FormState } from "@/lib/form-state";
import { CheckEmailPanel } from "./check-email-panel";

type EmailAction = (previous: FormState<{ email: string }>, formData: FormData) => Promise<FormState<{ email: string }>>;

/**
 * A form that asks for an address and answers "check your email", whether or not the address has an
 * account (forgot password, email me a sign-in link). After a submit the focus moves to the answer,
 * to the refused address, or to the alert; `next` rides along to where the link leads.
 */
export function EmailRequestForm({
  action: serverAction,
  prefix,
  next,
  label,
  pendingLabel,
  sent,
}: {
  action: EmailAction;
  prefix: string;
  next?: string;
  label: string;
  pendingLabel: string;
  sent: (email: string) => React.ReactNode;
}) {
  const [state, action, pending] = useActionState<FormState<{ email: string }>, FormData>(serverAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};

  useEffect(() => {
    if (state.status === "success") sentRef.current?.focus();
    else if (state.status === "error") (errors.email ? emailRef.current : alertRef.current)?.focus();
  }, [state, errors.email]);

  if (state.status === "success") return <CheckEmailPanel headingRef={sentRef}>{sent(state.data.email)}</CheckEmailPanel>;

  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id={`${prefix}-error`} message={state.status === "error" && !errors.email ? formMessage(state) : undefined} />
      {next && <input type="hidden" name="next" value={next} />}
      <EmailField ref={emailRef} id={`${prefix}-email`} error={errors.email} defaultValue={state.status === "error" ? state.values.email : undefined} />
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </form>
  );
}
