"use client";

import { PendingSubmit } from "@/components/staff/pending-submit";
import { RecordButtonForm } from "@/components/staff/record-button-form";
import { Field } from "@/components/ui/field";
import type { FormState } from "@/lib/form-state";
import { retryEmailAction, type EmailRetried } from "../email-log.staff-actions";

/**
 * Retry, or why not (`unavailable`: the message waits, was sent, or its link lapsed). It stays on the
 * page as the message's status changes, so the answer to a retry stays visible after the page refreshes.
 * `correctable`: the message carries no private link, so it may go to a corrected address.
 */
export function RetryForm({ emailId, unavailable, waiting = false, correctable = false }: { emailId: number; unavailable?: string; waiting?: boolean; correctable?: boolean }) {
  return (
    <RecordButtonForm action={retryEmailAction} id={emailId} alertId="retry-alert">
      {(state: FormState<EmailRetried>) =>
        state.status === "success" ? null : unavailable ? (
          state.status === "idle" && <p>{unavailable}</p>
        ) : (
          <>
            <p className="text-sm text-navy-700">
              {waiting
                ? "Sends the message on the next delivery pass instead of at its next attempt, with a new series of attempts."
                : "Puts the message back in the queue: it is sent on the next delivery pass, with a new series of attempts."}
            </p>
            {correctable && (
              <Field
                id="retry-to"
                name="to"
                type="email"
                autoComplete="off"
                label="Send to a corrected address (optional)"
                hint="Only when the address it was written to is wrong, for example a typo. Leave it empty to send to the same address."
                error={state.status === "error" ? state.fieldErrors.to : undefined}
                defaultValue={state.status === "error" ? state.values.to : undefined}
              />
            )}
            <PendingSubmit label={waiting ? "Send now" : "Retry sending"} pendingLabel="Retrying..." />
          </>
        )
      }
    </RecordButtonForm>
  );
}
