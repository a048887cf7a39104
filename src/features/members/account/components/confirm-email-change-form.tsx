"use client";

import Link from "@/components/ui/link";
import { useActionState, useEffect, useRef } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { confirmEmailChangeAction, type ChangeRequested } from "../account.actions";

/** One button: opening the emailed link changes nothing (mail scanners open links); pressing it confirms. */
export function ConfirmEmailChangeForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState<ChangeRequested>, FormData>(confirmEmailChangeAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.status === "error") alertRef.current?.focus();
    if (state.status === "success") doneRef.current?.focus();
  }, [state]);

  if (state.status === "success") {
    return (
      <div role="status" className="rounded-lg border border-olive-500/40 bg-sand-100 p-5">
        <p ref={doneRef} tabIndex={-1} className="font-semibold outline-none">
          Your account now uses {state.data.newEmail}. Sign in with it from now on.
        </p>
        <p className="mt-3">
          <Link href="/profile" className="font-semibold text-olive-700 underline">
            Go to my profile
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-5">
      <FormAlert ref={alertRef} id="confirm-change-error" message={formMessage(state)} />
      <input type="hidden" name="token" value={token} />
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Confirming..." : "Confirm my new email"}
      </Button>
    </form>
  );
}
