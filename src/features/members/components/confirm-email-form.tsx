"use client";

import { confirmEmailAction } from "../members.actions";
import { TokenButtonForm } from "./token-button-form";

/** One button: opening the emailed link changes nothing (mail scanners open links); pressing it confirms. */
export function ConfirmEmailForm({ token, next }: { token: string; next?: string }) {
  return <TokenButtonForm action={confirmEmailAction} alertId="confirm-error" token={token} next={next} label="Confirm my email" pendingLabel="Confirming..." />;
}
