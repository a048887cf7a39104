"use client";

import { useActionState } from "react";
import { FormAlert, formMessage, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { idleState, type FormState } from "@/lib/form-state";
import { retryEmailAction, type EmailRetried } from "../email-log.staff-actions";

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
      <FormDone state={state} />
      <FormAlert id="retry-alert" ref={alertRef} message={formMessage(state)} />
      {state.status === "success" ? null : unavailable ? (
        state.status === "idle" && <p>{unavailable}</p>
      ) : (
        <>
          <p className="text-sm text-navy-700">Puts the message back in the queue: it is sent on the next delivery pass, with a new series of attempts.</p>
          <PendingSubmit label="Retry sending" pendingLabel="Retrying..." />
        </>
      )}
    </form>
  );
}
