"use client";

import { useActionState } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { idleState, type FormState } from "@/lib/form-state";
import { ACCEPTED_DOCUMENTS_LABEL, DOCUMENT_FIELD, MAX_DOCUMENT_LABEL, SERVICE_STATUSES } from "../verification.fields";
import { requestVerificationAction } from "../verification.actions";

/** The member's request: which status, and one document (multipart, so it works without JavaScript). */
export function RequestForm() {
  const [state, action] = useActionState<FormState<null>, FormData>(requestVerificationAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const status = fieldProps("verify", "serviceStatus", errors);
  const document = fieldProps("verify", DOCUMENT_FIELD, errors);
  return (
    <form ref={formRef} action={action} encType="multipart/form-data" noValidate className="space-y-5">
      <FormAlert id="verify-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor={status.id} className="font-medium">
          Service status to verify
        </label>
        <select {...status} required defaultValue={values.serviceStatus ?? ""} className={inputClass}>
          <option value="" disabled>
            Choose one
          </option>
          {SERVICE_STATUSES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id="verify-serviceStatus-error" message={errors.serviceStatus} />
      </div>
      <div>
        <label htmlFor={document.id} className="font-medium">
          Document
        </label>
        <p id="verify-document-hint" className="text-sm text-navy-700">
          A photo, scan or PDF that shows your status: for example a military or retiree ID, a DD-214, a VA card, a
          dependent ID, or a department ID or badge card. You may cover numbers we do not need (such as a Social Security
          number). A {ACCEPTED_DOCUMENTS_LABEL}, at most {MAX_DOCUMENT_LABEL}.
        </p>
        <input
          {...document}
          type="file"
          required
          accept="image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf"
          aria-describedby={["verify-document-hint", document["aria-describedby"]].filter(Boolean).join(" ")}
          className={inputClass}
        />
        <FieldError id="verify-document-error" message={errors[DOCUMENT_FIELD]} />
      </div>
      <PendingSubmit label="Ask to be verified" pendingLabel="Sending..." variant="submit" />
    </form>
  );
}
