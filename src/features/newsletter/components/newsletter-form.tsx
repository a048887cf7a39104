"use client";

import { useActionState } from "react";
import { idleState, refusedFormMark, type FormState } from "@/lib/form-state";
import { subscribeAction } from "../newsletter.actions";

type Result = { email: string };

/** What every address hears after signing up, subscribed already or not: the mailbox alone learns which. */
export function signUpAnswer(email: string): string {
  return `Almost there: check ${email} for an email from us and follow it to confirm. We send no newsletter until the address is confirmed.`;
}

export function NewsletterForm() {
  const [state, action, pending] = useActionState<FormState<Result>, FormData>(subscribeAction, idleState);
  const error = state.status === "error" ? (state.fieldErrors.email ?? state.formError) : undefined;

  return (
    <form action={action} className="space-y-2" noValidate={false}>
      <label htmlFor="newsletter-email" className="block text-sm text-white/80">
        Get event news and program updates.
      </label>
      {/* In a narrow footer column the button goes under a full-width field rather than squeezing it. */}
      <div className="flex flex-wrap gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={state.status === "error" ? state.values.email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby="newsletter-status"
          className="min-w-0 flex-1 basis-44 rounded-md border border-white/20 bg-white/10 px-3 py-2 text-white placeholder:text-white/60"
        />
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-navy-900 hover:bg-gold-400 disabled:opacity-70"
        >
          {pending ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p id="newsletter-status" role="status" className="min-h-5 text-sm">
        {state.status === "success" && <span className="text-sand-200">{signUpAnswer(state.data.email)}</span>}
        {error && (
          <span className="text-red-300" {...refusedFormMark}>
            {error}
          </span>
        )}
      </p>
    </form>
  );
}
