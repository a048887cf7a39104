"use client";

import { useActionState } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { FormAlert, formMessage } from "@/components/forms/form-parts";
import { LiveStatus } from "@/components/ui/alert";
import { useFormFocus } from "@/components/forms/use-form-focus";
import { resendConfirmationAction, type LinkSent } from "../account.actions";

/**
 * For a member whose address is not confirmed yet: what waits for it, and "resend the link"
 * (3 an hour). Works without JavaScript (a plain form post).
 */
export function ConfirmAddressNotice({ email }: { email: string }) {
  const [state, action, pending] = useActionState<FormState<LinkSent>, FormData>(resendConfirmationAction, idleState);
  const { formRef, alertRef } = useFormFocus(state);
  return (
    <section aria-labelledby="confirm-address-heading" className="mb-8 rounded-xl border border-amber-600 bg-amber-50 p-6" data-testid="confirm-address-notice">
      <h2 id="confirm-address-heading" className="text-lg font-bold">
        Please confirm your email address
      </h2>
      <p className="mt-2">
        We sent a link to <strong>{email}</strong>. You can browse, register for events and shop now; your gifts, your year-end
        statements and orders placed earlier without an account show here once you have confirmed that this mailbox is yours.
      </p>
      <form ref={formRef} action={action} className="mt-4 space-y-3">
        <FormAlert ref={alertRef} id="resend-error" message={formMessage(state)} />
        <LiveStatus id="resend-status" message={state.status === "success" ? `A new link is on its way to ${state.data.email}. It expires in 24 hours.` : undefined} />
        <button type="submit" disabled={pending} className="rounded-md bg-navy-900 px-5 py-2 font-semibold text-white hover:bg-navy-800 disabled:opacity-70">
          {pending ? "Sending..." : "Resend the confirmation link"}
        </button>
      </form>
    </section>
  );
}
