"use client";

import { useActionState } from "react";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { idleState, type FormState } from "@/lib/form-state";
import { markReceivedAction } from "../donations.staff-actions";

/** "Mark received" for one pledge: a plain form post; success reloads the list saying what was done. */
export function MarkReceivedForm({ donationId, reference, totalLabel }: { donationId: string; reference: string; totalLabel: string }) {
  const [state, action] = useActionState<FormState<never>, FormData>(markReceivedAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const message = state.status === "error" ? (state.fieldErrors.donationId ?? formMessage(state)) : undefined;
  return (
    <form ref={formRef} action={action} className="space-y-2">
      <input type="hidden" name="donationId" value={donationId} />
      <FormAlert id={`received-${donationId}-alert`} ref={alertRef} message={message} />
      {/* Several pledges make several buttons: each names its own gift to a screen reader. */}
      <PendingSubmit label="Mark received" pendingLabel="Saving..." hint={`(${reference}, ${totalLabel})`} variant="desk-small" />
    </form>
  );
}
