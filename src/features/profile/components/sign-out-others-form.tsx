"use client";

import { useActionState } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { signOutOtherSessionsAction, type OtherSessionsRevoked } from "../profile.actions";
import { LiveStatus } from "@/components/ui/alert";

function successMessage(state: FormState<OtherSessionsRevoked>): string | undefined {
  if (state.status !== "success") return undefined;
  const { revoked } = state.data;
  if (revoked === 0) return "You had no other sessions. Only this device is signed in.";
  return `Signed out of ${revoked} other ${revoked === 1 ? "session" : "sessions"}. Only this device is signed in now.`;
}

export function SignOutOthersForm() {
  const [state, action, pending] = useActionState<FormState<OtherSessionsRevoked>, FormData>(signOutOtherSessionsAction, idleState);
  return (
    <form action={action} className="space-y-3">
      <FormAlert id="sessions-error" message={formMessage(state)} />
      <LiveStatus id="sessions-status" message={pending ? undefined : successMessage(state)} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border-2 border-navy-900 px-5 py-2.5 font-semibold text-navy-900 hover:bg-navy-900 hover:text-white disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? "Signing out..." : "Sign out of other sessions"}
      </button>
    </form>
  );
}
