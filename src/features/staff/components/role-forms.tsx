"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { fieldProps } from "@/components/ui/field-props";
import { ROLE_LABELS, STAFF_ROLES } from "@/lib/access-control";
import { idleState, type FormState } from "@/lib/form-state";
import { grantRoleAction, revokeRoleAction, type RoleChanged } from "../staff.actions";

const buttonClass = "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700 disabled:cursor-not-allowed disabled:opacity-70";

function Submit({ label, pendingLabel, hint, className = buttonClass }: { label: string; pendingLabel: string; hint?: string; className?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className={className}>
      {pending ? pendingLabel : label}
      {hint && <span className="sr-only"> {hint}</span>}
    </button>
  );
}

function Done({ state }: { state: FormState<RoleChanged> }) {
  return (
    <p role="status" className={state.status === "success" ? "rounded-md border border-olive-600 bg-olive-600/10 p-3 font-medium text-olive-700" : "sr-only"}>
      {state.status === "success" ? state.data.message : ""}
    </p>
  );
}

/** Admins give someone who already has an account a staff role. */
export function GrantRoleForm() {
  const [state, action] = useActionState<FormState<RoleChanged>, FormData>(grantRoleAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  return (
    <form ref={formRef} action={action} noValidate className="space-y-4">
      <Done state={state} />
      <FormAlert id="grant-role-alert" ref={alertRef} message={formMessage(state)} />
      <div>
        <label htmlFor="grant-email" className="font-medium">
          E-mail address of their account
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
      <Submit label="Give role" pendingLabel="Saving..." />
    </form>
  );
}

/**
 * The people with a role, each with "Remove from staff" (the account stays, as a member, and its
 * sessions end). One form state for the list, so the confirmation stays after the row is gone.
 */
export function StaffList({ staff }: { staff: { id: string; name: string; email: string; roleLabel: string }[] }) {
  const [state, action] = useActionState<FormState<RoleChanged>, FormData>(revokeRoleAction, idleState);
  return (
    <>
      <Done state={state} />
      <FormAlert id="revoke-alert" message={formMessage(state)} />
      <ul className="divide-y divide-navy-700/10">
        {staff.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span>
              <span className="font-semibold">{person.name || person.email}</span>
              <span className="block text-sm text-navy-700">
                {person.email} · {person.roleLabel}
              </span>
            </span>
            <form action={action}>
              <input type="hidden" name="email" value={person.email} />
              <Submit
                label="Remove from staff"
                hint={`(${person.email})`}
                pendingLabel="Removing..."
                className="rounded-md border-2 border-red-800 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-800 hover:text-white disabled:opacity-70"
              />
            </form>
          </li>
        ))}
      </ul>
    </>
  );
}
