"use client";

import Link from "@/components/ui/link";
import { forgotPasswordAction } from "../members.actions";
import { EmailRequestForm } from "./email-request-form";

export function ForgotPasswordForm() {
  return (
    <EmailRequestForm
      action={forgotPasswordAction}
      prefix="forgot"
      label="Send Instructions"
      pendingLabel="Sending Instructions..."
      sent={(email) => (
        <>
          <p className="mt-2 text-navy-800">
            If an account exists for <strong>{email}</strong>, we sent it a link to choose a new password. The link works once
            and expires in one hour.
          </p>
          <p className="mt-4">
            <Link href="/login" className="font-semibold text-olive-700 underline">
              Back to sign in
            </Link>
          </p>
        </>
      )}
    />
  );
}
