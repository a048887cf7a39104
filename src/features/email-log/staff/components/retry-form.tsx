"use client";

import { PendingSubmit } from "@/components/staff/pending-submit";
import { RecordButtonForm } from "@/components/staff/record-button-form";
import type { FormState } from "@/lib/form-state";
import { retryEmailAction, type EmailRetried } from "../email-log.staff-actions";

/**
 * Retry, or why not (`unavailable`: the message waits, was sent, or its link lapsed). It stays on the
 * page as the message's status changes, so the answer to a retry stays visible after the page refreshes.
 */
export function RetryForm({ emailId, unavailable, waiting = false }: { emailId: number; unavailable?: string; waiting?: boolean }) {
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
            <PendingSubmit label={waiting ? "Send now" : "Retry sending"} pendingLabel="Retrying..." />
          </>
        )
      }
    </RecordButtonForm>
  );
}
