"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { retryEmailAction, type EmailRetried } from "../email-log.staff-actions";

function Submit() {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className="rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700 disabled:cursor-not-allowed disabled:opacity-70">
      {pending ? "Retrying..." : "Retry sending"}
    </button>
  );
}

/**
 * Retry, or why not (`unavailable`: the message waits, was sent, or its link lapsed). It stays on the
 * page as the message's status changes, so the answer to a retry stays visible after the page refreshes.
 */
export function RetryForm({ emailId, unavailable }: { emailId: number; unavailable?: string }) {
  const [state, action] = useActionState<FormState<EmailRetried>, FormData>(retryEmailAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  return (
    <form ref={formRef} action={action} className="space-y-3">
      <input type="hidden" name="id" value={emailId} />
      <p role="status" className={state.status === "success" ? "rounded-md border border-olive-600 bg-olive-600/10 p-3 font-medium text-olive-700" : "sr-only"}>
        {state.status === "success" ? state.data.message : ""}
      </p>
      <FormAlert id="retry-alert" ref={alertRef} message={formMessage(state)} />
      {state.status === "success" ? null : unavailable ? (
        state.status === "idle" && <p>{unavailable}</p>
      ) : (
        <>
          <p className="text-sm text-navy-700">Puts the message back in the queue: it is sent on the next delivery pass, with a new series of attempts.</p>
          <Submit />
        </>
      )}
    </form>
  );
}
