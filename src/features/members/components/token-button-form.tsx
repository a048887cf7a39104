"use client";

import { useActionState, useEffect, useRef } from "react";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { idleState, type FormState } from "@/lib/form-state";
import type { SignedIn } from "../members.actions";

type TokenAction = (previous: FormState<SignedIn>, formData: FormData) => Promise<FormState<SignedIn>>;

/**
 * One button that spends an emailed link's token: opening the link changes nothing (mail scanners
 * open links); pressing the button does. Success leaves the page; a refusal is said and focused.
 */
export function TokenButtonForm({
  action: serverAction,
  alertId,
  token,
  next,
  label,
  pendingLabel,
}: {
  action: TokenAction;
  alertId: string;
  token: string;
  next?: string;
  label: string;
  pendingLabel: string;
}) {
  const [state, action, pending] = useActionState<FormState<SignedIn>, FormData>(serverAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const message = formMessage(state);

  useEffect(() => {
    if (state.status === "error") alertRef.current?.focus();
  }, [state]);

  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id={alertId} message={message} />
      <input type="hidden" name="token" value={token} />
      {next && <input type="hidden" name="next" value={next} />}
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </form>
  );
}
