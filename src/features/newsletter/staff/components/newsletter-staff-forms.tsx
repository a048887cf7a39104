"use client";

import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useActionForm } from "@/components/forms/use-action-form";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { issueLimits } from "../../newsletter-desk.schema";
import { createIssueAction, sendIssueAction, sendTestIssueAction, updateIssueAction } from "../newsletter.staff-actions";

/** How to format the text, next to the field. */
function FormattingHelp({ id }: { id: string }) {
  return (
    <div id={id} className="text-sm text-navy-700">
      <p>Plain text. A blank line starts a new paragraph. You can also use:</p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <code>**bold words**</code> for <strong>bold words</strong>
        </li>
        <li>
          <code>[link text](https://example.org)</code> for a link (https, http or mailto)
        </li>
        <li>
          lines starting with <code>- </code> for a list, or <code>1. </code> for a numbered list
        </li>
      </ul>
    </div>
  );
}

/** Subject and text of a draft: a new one, or the draft being edited (`issue`). */
export function IssueForm({ issue }: { issue?: { id: number; subject: string; body: string } }) {
  const { state, formAction, formRef, alertRef, errors, echoed } = useActionForm(issue ? updateIssueAction : createIssueAction);
  const prefix = issue ? "issue" : "new-issue";
  const subject = fieldProps(prefix, "subject", errors);
  const body = fieldProps(prefix, "body", errors);
  const helpId = `${prefix}-help`;
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-4">
      {issue && <input type="hidden" name="id" value={issue.id} />}
      <FormDone state={state} />
      <FormAlert id={`${prefix}-alert`} ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={subject.id} className="font-medium">
          Subject
        </label>
        <input {...subject} required maxLength={issueLimits.subject} defaultValue={echoed?.subject ?? issue?.subject} autoComplete="off" className={inputClass} />
        <FieldError id={`${subject.id}-error`} message={errors.subject} />
      </div>
      <div>
        <label htmlFor={body.id} className="font-medium">
          Text
        </label>
        <FormattingHelp id={helpId} />
        <textarea
          {...body}
          aria-describedby={[helpId, body["aria-describedby"]].filter(Boolean).join(" ")}
          required
          rows={14}
          maxLength={issueLimits.body}
          defaultValue={echoed?.body ?? issue?.body}
          className={inputClass}
        />
        <FieldError id={`${body.id}-error`} message={errors.body} />
      </div>
      <PendingSubmit label={issue ? "Save draft" : "Create draft"} pendingLabel="Saving..." />
    </form>
  );
}

/** The draft, as subscribers will get it, to the staff member's own address. */
export function TestSendForm({ issueId, to }: { issueId: number; to: string }) {
  const { state, formAction, formRef, alertRef } = useActionForm(sendTestIssueAction);
  return (
    <form ref={formRef} action={formAction} className="space-y-3">
      <input type="hidden" name="id" value={issueId} />
      <p className="text-sm text-navy-700">Sends the saved draft to {to} only, exactly as subscribers will get it.</p>
      <FormDone state={state} />
      <FormAlert id="test-send-alert" ref={alertRef} message={formMessage(state)} />
      <PendingSubmit label="Send a test to me" pendingLabel="Sending..." variant="desk-outline" />
    </form>
  );
}

/** Sending needs a ticked box: a deliberate second step that works without JavaScript. */
export function SendIssueForm({ issueId, subscribers }: { issueId: number; subscribers: number }) {
  const { state, formAction, formRef, alertRef, errors } = useActionForm(sendIssueAction);
  const confirm = fieldProps("send", "confirm", errors);
  return (
    <form ref={formRef} action={formAction} noValidate className="space-y-3">
      <input type="hidden" name="id" value={issueId} />
      <FormDone state={state} />
      <FormAlert id="send-alert" ref={alertRef} message={formMessage(state)} />
      <div className="flex items-start gap-2">
        <input {...confirm} type="checkbox" value="on" className="mt-1 size-5 shrink-0" />
        <label htmlFor={confirm.id}>
          I checked the preview and the test email. Send it to {subscribers === 1 ? "the 1 confirmed subscriber" : `the ${subscribers} confirmed subscribers`} now;
          it cannot be changed or sent again afterwards.
        </label>
      </div>
      <FieldError id={`${confirm.id}-error`} message={errors.confirm} />
      <PendingSubmit label="Send to subscribers" pendingLabel="Sending..." />
    </form>
  );
}
