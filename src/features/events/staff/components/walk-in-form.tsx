"use client";

import { FieldError, FormAlert, FormDone, formMessage, inputClass } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { WALK_IN_EMAIL_MAX, WALK_IN_NAME_MAX } from "../../door.schema";
import { walkInAction } from "../check-in.staff-actions";

/** Someone at the door who did not register: name and email, checked in as they are added. */
export function WalkInForm({ eventId }: { eventId: number }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(walkInAction);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name="eventId" value={eventId} />
      <FormDone state={state} />
      <FormAlert id="walk-in-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="walk-in-name" className="font-medium">
          Name
        </label>
        <input {...fieldProps("walk-in", "name", errors)} maxLength={WALK_IN_NAME_MAX} autoComplete="off" defaultValue={echoed?.name} className={inputClass} />
        <FieldError id="walk-in-name-error" message={errors.name} />
      </div>
      <div>
        <label htmlFor="walk-in-email" className="font-medium">
          Email
        </label>
        <input {...fieldProps("walk-in", "email", errors)} type="email" maxLength={WALK_IN_EMAIL_MAX} autoComplete="off" defaultValue={echoed?.email} className={inputClass} />
        <FieldError id="walk-in-email-error" message={errors.email} />
      </div>
      <PendingSubmit label="Add walk-in and check in" pendingLabel="Adding..." />
    </form>
  );
}
