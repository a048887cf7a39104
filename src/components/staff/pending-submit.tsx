"use client";

import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";
import type { ButtonVariant } from "@/components/ui/button-classes";

/** A form's submit button: disabled, with its pending label, while the form posts; `hint` is read out after the label. */
export function PendingSubmit({ label, pendingLabel, hint, variant = "desk-submit" }: { label: string; pendingLabel: string; hint?: string; variant?: ButtonVariant }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant={variant} disabled={pending}>
      {pending ? pendingLabel : label}
      {hint && <span className="sr-only"> {hint}</span>}
    </Button>
  );
}
