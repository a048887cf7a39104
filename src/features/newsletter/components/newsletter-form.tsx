"use client";

import { useActionState } from "react";
import { idleState, refusedFormMark } from "@/lib/form-state";
import { subscribeAction } from "../newsletter.actions";

/**
 * The footer's sign-up form: the field, the button and the answer, which change as it posts. What never
 * changes (the label) is rendered on the server and passed in (newsletter-sign-up.tsx), and the answer's
 * words come from the action. Without JavaScript the same form posts and the page comes back with the answer.
 */
export function NewsletterForm({ label }: { label: React.ReactNode }) {
  const [state, action, pending] = useActionState(subscribeAction, idleState);
  const error = state.status === "error" ? (state.fieldErrors.email ?? state.formError) : undefined;

  return (
    <form action={action} className="space-y-2">
      {label}
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
        {state.status === "success" && <span className="text-sand-200">{state.data.answer}</span>}
        {error && (
          <span className="text-red-300" {...refusedFormMark}>
            {error}
          </span>
        )}
      </p>
    </form>
  );
}
