"use client";

import { useActionState, useEffect, useRef } from "react";
import { idleState, type FormState } from "@/lib/form-state";
import { googleSignInAction } from "../members.actions";
import { FormAlert } from "@/components/forms/form-parts";

/**
 * "Continue with Google": a form, so it works without JavaScript too. `returnedError` is the message
 * for a Google sign-in that came back failed (the page reads it from `?error=`).
 */
export function GoogleSignIn({ from, next, returnedError }: { from: "/login" | "/register"; next?: string; returnedError?: string }) {
  const [state, action, pending] = useActionState<FormState<never>, FormData>(googleSignInAction, idleState);
  const alertRef = useRef<HTMLDivElement>(null);
  const message = state.status === "error" ? state.formError : state.status === "idle" ? returnedError : undefined;
  useEffect(() => {
    if (message) alertRef.current?.focus();
  }, [message]);
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="from" value={from} />
      {next && <input type="hidden" name="next" value={next} />}
      <button
        type="submit"
        disabled={pending}
        className="flex w-full items-center justify-center gap-3 rounded-md border border-navy-700/40 bg-white px-5 py-3 font-semibold text-navy-900 hover:bg-sand-100 disabled:opacity-70"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8h-4v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z" />
        </svg>
        {pending ? "Signing in..." : "Continue with Google"}
      </button>
      <FormAlert ref={alertRef} id="google-error" message={message} />
    </form>
  );
}
