"use client";

import { useActionState, useEffect, useRef } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { confirmEmailAction, type SignedIn } from "../members.actions";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";

/** One button: opening the e-mailed link changes nothing (mail scanners open links); pressing it confirms. */
export function ConfirmEmailForm({ token, next }: { token: string; next?: string }) {
  const [state, action, pending] = useActionState<FormState<SignedIn>, FormData>(confirmEmailAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const message = formMessage(state);

  useEffect(() => {
    if (state.status === "error") alertRef.current?.focus();
  }, [state]);

  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id="confirm-error" message={message} />
      <input type="hidden" name="token" value={token} />
      {next && <input type="hidden" name="next" value={next} />}
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Confirming..." : "Confirm my e-mail"}
      </Button>
    </form>
  );
}
