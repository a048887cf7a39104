"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { markReceivedAction } from "../donations.staff-actions";

function SubmitButton({ reference, totalLabel }: { reference: string; totalLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className="rounded-md bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-navy-700 disabled:opacity-70">
      {pending ? "Saving..." : "Mark received"}
      {/* Several pledges make several buttons: each names its own gift to a screen reader. */}
      <span className="sr-only">
        {" "}
        ({reference}, {totalLabel})
      </span>
    </button>
  );
}

/** "Mark received" for one pledge: a plain form post; success reloads the list saying what was done. */
export function MarkReceivedForm({ donationId, reference, totalLabel }: { donationId: string; reference: string; totalLabel: string }) {
  const [state, action] = useActionState<FormState<never>, FormData>(markReceivedAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const message = state.status === "error" ? (state.fieldErrors.donationId ?? formMessage(state)) : undefined;
  return (
    <form ref={formRef} action={action} className="space-y-2">
      <input type="hidden" name="donationId" value={donationId} />
      <FormAlert id={`received-${donationId}-alert`} ref={alertRef} message={message} />
      <SubmitButton reference={reference} totalLabel={totalLabel} />
    </form>
  );
}
