"use client";

import { useActionState } from "react";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { idleState, type FormState } from "@/lib/form-state";
import { threadLimits, type ContactStatus } from "../../contact.fields";
import { addNoteAction, replyToMessageAction, setMessageStatusAction, type ThreadChanged } from "../contact.staff-actions";


type Action = (previous: FormState<ThreadChanged>, formData: FormData) => Promise<FormState<ThreadChanged>>;

function BodyForm({ prefix, action: serverAction, messageId, label, hint, submit, pendingLabel }: { prefix: string; action: Action; messageId: number; label: string; hint: string; submit: string; pendingLabel: string }) {
  const [state, action] = useActionState<FormState<ThreadChanged>, FormData>(serverAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const field = fieldProps(prefix, "body", errors);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-3">
      <input type="hidden" name="id" value={messageId} />
      <FormDone state={state} />
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={field.id} className="font-medium">
          {label}
        </label>
        <p id={`${prefix}-hint`} className="text-sm text-navy-700">
          {hint}
        </p>
        <textarea
          {...field}
          aria-describedby={[`${prefix}-hint`, field["aria-describedby"]].filter(Boolean).join(" ")}
          required
          rows={6}
          maxLength={threadLimits.body}
          defaultValue={values.body}
          className={inputClass}
        />
        <FieldError id={`${prefix}-body-error`} message={errors.body} />
      </div>
      <PendingSubmit label={submit} pendingLabel={pendingLabel} />
    </form>
  );
}

/** The reply, emailed to the sender and kept in the thread. */
export function ReplyForm({ messageId, to, replyTo }: { messageId: number; to: string; replyTo: string }) {
  return (
    <BodyForm
      prefix="reply"
      action={replyToMessageAction}
      messageId={messageId}
      label="Your reply"
      hint={`Emailed to ${to} with their message quoted below it; their answer comes to ${replyTo}. The message is then marked answered.`}
      submit="Send reply"
      pendingLabel="Sending..."
    />
  );
}

/** A note for staff only: kept in the thread, never emailed. */
export function NoteForm({ messageId }: { messageId: number }) {
  return (
    <BodyForm
      prefix="note"
      action={addNoteAction}
      messageId={messageId}
      label="Note"
      hint="Only staff see notes. Nothing is emailed and the status stays as it is."
      submit="Save note"
      pendingLabel="Saving..."
    />
  );
}

/** Close a message that needs nothing more, or reopen a closed one. */
export function StatusForm({ messageId, status }: { messageId: number; status: ContactStatus }) {
  const [state, action] = useActionState<FormState<ThreadChanged>, FormData>(setMessageStatusAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const closed = status === "closed";
  return (
    <form ref={formRef} action={action} className="space-y-3">
      <input type="hidden" name="id" value={messageId} />
      <input type="hidden" name="status" value={closed ? "open" : "closed"} />
      <FormDone state={state} />
      <FormAlert id="status-alert" ref={alertRef} message={formMessage(state)} />
      <PendingSubmit label={closed ? "Reopen message" : "Close message"} pendingLabel="Saving..." variant="desk-outline" />
    </form>
  );
}
