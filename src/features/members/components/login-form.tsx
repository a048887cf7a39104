"use client";

import Link from "@/components/ui/link";
import { useActionState, useEffect, useRef } from "react";
import { fieldProps } from "@/components/ui/field-props";
import { idleState, type FormState } from "@/lib/form-state";
import { signInAction, type SignedIn } from "../members.actions";
import { TOO_MANY_ATTEMPTS_PREFIX } from "@/lib/auth/auth-fields";
import { FieldError, FormAlert, formMessage, inputClass } from "@/components/forms/form-parts";
import { Button } from "@/components/ui/button";
import { EmailField } from "@/components/ui/field";

export function LoginForm({ next }: { next?: string }) {
  const [state, action, pending] = useActionState<FormState<SignedIn>, FormData>(signInAction, idleState);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = state.status === "error" ? state.fieldErrors : {};
  const values = state.status === "error" ? state.values : {};
  const message = formMessage(state);
  // Paused after too many wrong passwords: a way in that guessing cannot block.
  const paused = message?.startsWith(TOO_MANY_ATTEMPTS_PREFIX) ?? false;
  const linkHref = next ? `/sign-in-link?next=${encodeURIComponent(next)}` : "/sign-in-link";

  // After a failed submit, focus the first invalid field, or the red box when the whole form failed.
  useEffect(() => {
    if (state.status !== "error") return;
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? alertRef.current)?.focus();
  }, [state]);

  const field = (name: string) => fieldProps("login", name, errors);

  return (
    <form ref={formRef} action={action} className="space-y-5">
      <FormAlert ref={alertRef} id="login-error" message={message} />
      {paused && (
        <p className="text-navy-800">
          No need to wait:{" "}
          <Link href={linkHref} className="font-semibold text-olive-700 underline">
            Email me a sign-in link
          </Link>
        </p>
      )}
      {next && <input type="hidden" name="next" value={next} />}
      <EmailField id="login-email" error={errors.email} defaultValue={values.email} />
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <label htmlFor="login-password" className="font-medium">
            Password
          </label>
          <Link href="/forgot-password" className="text-sm font-medium text-olive-700 underline">
            Forgot password?
          </Link>
        </div>
        <input {...field("password")} type="password" required autoComplete="current-password" className={inputClass} />
        <FieldError id="login-password-error" message={errors.password} />
      </div>
      <Button type="submit" variant="submit" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
