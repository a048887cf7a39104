"use client";

import { useState, type FormEvent } from "react";

/**
 * The browser's own "Passwords do not match" check: a form with `password` and `confirmPassword`
 * fields is not sent while they differ (the server checks again). `attempt` changes on every blocked
 * submit, so an effect can move focus to the message each time.
 */
export function usePasswordMatch() {
  const [mismatch, setMismatch] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const differ = data.get("password") !== data.get("confirmPassword");
    setMismatch(differ);
    if (differ) {
      event.preventDefault();
      setAttempt((n) => n + 1);
    }
  };
  return { mismatch, attempt, onSubmit };
}
