"use client";

import { useActionState } from "react";
import { FormAlert, formMessage, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { idleState, type FormState } from "@/lib/form-state";
import { sendStatementsAction } from "../donations.staff-actions";

type Sent = { message: string };

/** "Send the statements" for one year: a plain form post; the answer says how many were queued. */
export function SendStatementsForm({ year, waiting }: { year: number; waiting: number }) {
  const [state, action] = useActionState<FormState<Sent>, FormData>(sendStatementsAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const message = state.status === "error" ? (state.fieldErrors.year ?? formMessage(state)) : undefined;
  return (
    <form ref={formRef} action={action} className="space-y-3">
      <input type="hidden" name="year" value={year} />
      <FormAlert id="statements-alert" ref={alertRef} message={message} />
      <FormDone state={state} />
      <PendingSubmit
        label={waiting === 0 ? `Email the ${year} statements not sent yet` : waiting === 1 ? `Email the ${year} statement to 1 donor` : `Email the ${year} statements to ${waiting} donors`}
        pendingLabel="Sending..."
      />
    </form>
  );
}
