"use client";

import { useFormStatus } from "react-dom";

export const staffButtonClass = "rounded-md bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700 disabled:cursor-not-allowed disabled:opacity-70";

/** A staff form's submit button: disabled, with its pending label, while the form posts. */
export function PendingSubmit({ label, pendingLabel, className = staffButtonClass }: { label: string; pendingLabel: string; className?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}
