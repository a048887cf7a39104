"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { Panel } from "@/components/staff/staff-ui";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { idleState, type FormState } from "@/lib/form-state";
import { approveVerificationAction, rejectVerificationAction, type VerificationDecided } from "../verification.staff-actions";

function ApproveForm({ id, defaultValidThrough }: { id: string; defaultValidThrough: string }) {
  const [state, action] = useActionState<FormState<VerificationDecided>, FormData>(approveVerificationAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = fieldProps("approve", "validThrough", errors);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <FormAlert id="approve-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={field.id} className="font-medium">
          Valid through
        </label>
        <p id="approve-hint" className="text-sm text-navy-700">
          The last day the discount applies: a year from today unless the document says otherwise (a reservist&apos;s orders, an ID&apos;s expiry).
        </p>
        <input
          {...field}
          type="date"
          required
          defaultValue={values.validThrough ?? defaultValidThrough}
          aria-describedby={["approve-hint", field["aria-describedby"]].filter(Boolean).join(" ")}
          className={`${inputClass} max-w-xs`}
        />
        <FieldError id="approve-validThrough-error" message={errors.validThrough} />
      </div>
      <PendingSubmit label="Approve" pendingLabel="Approving..." />
    </form>
  );
}

function RejectForm({ id }: { id: string }) {
  const [state, action] = useActionState<FormState<VerificationDecided>, FormData>(rejectVerificationAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = fieldProps("reject", "reason", errors);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <FormAlert id="reject-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={field.id} className="font-medium">
          Reason
        </label>
        <p id="reject-hint" className="text-sm text-navy-700">
          Emailed to the member as you write it: say what to send instead.
        </p>
        <textarea
          {...field}
          required
          rows={4}
          maxLength={1000}
          defaultValue={values.reason}
          aria-describedby={["reject-hint", field["aria-describedby"]].filter(Boolean).join(" ")}
          className={inputClass}
        />
        <FieldError id="reject-reason-error" message={errors.reason} />
      </div>
      <PendingSubmit label="Reject" pendingLabel="Rejecting..." />
    </form>
  );
}

/** Approve with an end date, or reject with a reason: either emails the member and deletes the document. */
export function DecideForms({ id, defaultValidThrough }: { id: string; defaultValidThrough: string }) {
  return (
    <>
      <Panel title="Approve" id="approve-heading">
        <ApproveForm id={id} defaultValidThrough={defaultValidThrough} />
      </Panel>
      <Panel title="Reject" id="reject-heading">
        <RejectForm id={id} />
      </Panel>
    </>
  );
}
