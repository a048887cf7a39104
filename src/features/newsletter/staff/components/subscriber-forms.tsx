"use client";

import { FieldError, FormAlert, formMessage, FormDone } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { Field } from "@/components/ui/field";
import { REQUEST_MAX, SHEET_MAX } from "../../subscribers-desk.schema";
import { addPaperSignUpAction, staffUnsubscribeAction } from "../newsletter.staff-actions";

/** An address someone wrote on a paper sign-up sheet: subscribed at once, the sheet recorded as their consent. */
export function PaperSignUpForm() {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(addPaperSignUpAction);
  const signed = fieldProps("paper", "signed", errors);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <FormDone state={state} />
      <FormAlert id="paper-alert" ref={alertRef} message={formMessage(state)} />
      <Field id="paper-email" name="email" type="email" label="Email address, as written on the sheet" autoComplete="off" required maxLength={254} defaultValue={echoed?.email} error={errors.email} />
      <Field
        id="paper-sheet"
        name="sheet"
        label="Which sheet"
        hint="Where and when it was signed, e.g. “Veterans Day cookout, Nov 11”. Keep the sheet: it is the record of their consent."
        autoComplete="off"
        required
        maxLength={SHEET_MAX}
        defaultValue={echoed?.sheet}
        error={errors.sheet}
      />
      <div>
        <div className="flex items-start gap-2">
          <input {...signed} type="checkbox" value="on" defaultChecked={echoed?.signed === "on"} className="mt-1 size-5 shrink-0" />
          <label htmlFor={signed.id}>The person wrote this address on the sheet themselves and ticked or signed for the newsletter.</label>
        </div>
        <FieldError id={`${signed.id}-error`} message={errors.signed} />
      </div>
      <p className="text-sm text-navy-700">No confirmation email is sent: the sheet is the consent. Every newsletter has a one-click unsubscribe link.</p>
      <PendingSubmit label="Add to the newsletter" pendingLabel="Adding..." />
    </form>
  );
}

/** Someone asked by phone or in person to stop the newsletter: removed at once, recorded in the audit log. */
export function StaffUnsubscribeForm() {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(staffUnsubscribeAction);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      <FormDone state={state} />
      <FormAlert id="unsubscribe-alert" ref={alertRef} message={formMessage(state)} />
      <Field id="unsubscribe-email" name="email" type="email" label="Their email address" autoComplete="off" required maxLength={254} defaultValue={echoed?.email} error={errors.email} />
      <Field
        id="unsubscribe-request"
        name="request"
        label="How they asked"
        hint="e.g. “Phoned the office on Tuesday”. Kept in the audit log with your name."
        autoComplete="off"
        required
        maxLength={REQUEST_MAX}
        defaultValue={echoed?.request}
        error={errors.request}
      />
      <PendingSubmit label="Unsubscribe" pendingLabel="Unsubscribing..." variant="desk-outline" />
    </form>
  );
}
