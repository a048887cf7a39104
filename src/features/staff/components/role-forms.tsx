"use client";

import { useActionState, useEffect, useRef } from "react";
import { FieldError, FormAlert, formMessage, inputClass, FormDone } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { PendingSubmit } from "@/components/staff/pending-submit";
import { ConfirmBox } from "@/components/staff/desk-action-form";
import { fieldProps } from "@/components/ui/field-props";
import { ROLE_LABELS, STAFF_ROLES } from "@/lib/access-control";
import { idleState, type FormState } from "@/lib/form-state";
import { grantRoleAction, revokeRoleAction, type RoleChanged } from "../staff.actions";

/** Admins give someone who already has an account a staff role. */
export function GrantRoleForm() {
  const [state, action] = useActionState<FormState<RoleChanged>, FormData>(grantRoleAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  return (
    <form ref={formRef} action={action} noValidate className="space-y-4">
      <FormDone state={state} />
      <FormAlert id="grant-role-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="grant-email" className="font-medium">
          Email address of their account
        </label>
        <input {...fieldProps("grant", "email", errors)} type="email" autoComplete="off" required defaultValue={values.email} className={inputClass} />
        <FieldError id="grant-email-error" message={errors.email} />
      </div>
      <div>
        <label htmlFor="grant-role" className="font-medium">
          Role
        </label>
        <select {...fieldProps("grant", "role", errors)} defaultValue={values.role ?? "staff"} className={inputClass}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <FieldError id="grant-role-error" message={errors.role} />
      </div>
      <PendingSubmit label="Give role" pendingLabel="Saving..." />
    </form>
  );
}

/**
 * The people with a role, each with "Remove from staff" after ticking a box beside it (the account
 * stays, as a member, and its sessions end). One form state for the list, so the confirmation stays
 * after the row is gone; a refusal's message shows in the row that was posted.
 */
export function StaffList({ staff }: { staff: { id: string; name: string; email: string; roleLabel: string }[] }) {
  const [state, action] = useActionState<FormState<RoleChanged>, FormData>(revokeRoleAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const refusedEmail = state.status === "error" ? state.values.email : undefined;
  const refusedId = staff.find((person) => person.email === refusedEmail)?.id;
  // With JavaScript, a refusal takes the focus to the box left unticked in its row (or to the message).
  useEffect(() => {
    if (state.status !== "error") return;
    const box = refusedId && state.fieldErrors.confirm ? document.getElementById(`revoke-${refusedId}-confirm`) : null;
    (box ?? alertRef.current)?.focus();
  }, [state, refusedId]);
  return (
    <>
      <FormDone state={state} />
      <FormAlert
        id="revoke-alert"
        ref={alertRef}
        message={state.status === "error" && refusedEmail && state.fieldErrors.confirm ? `Not removed: tick “Yes, remove” beside ${refusedEmail} first.` : formMessage(state)}
      />
      <ul className="divide-y divide-navy-700/10">
        {staff.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span>
              <span className="font-semibold">{person.name || person.email}</span>
              <span className="block text-sm text-navy-700">
                {person.email} · {person.roleLabel}
              </span>
            </span>
            <form action={action} noValidate className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="email" value={person.email} />
              <ConfirmBox prefix={`revoke-${person.id}`} errors={state.status === "error" && refusedEmail === person.email ? state.fieldErrors : {}}>
                <span className="text-sm">
                  Yes, remove<span className="sr-only"> {person.name || person.email}</span>
                </span>
              </ConfirmBox>
              <PendingSubmit label="Remove from staff" hint={`(${person.email})`} pendingLabel="Removing..." variant="desk-danger-small" />
            </form>
          </li>
        ))}
      </ul>
    </>
  );
}
