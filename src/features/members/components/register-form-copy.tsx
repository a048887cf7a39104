import Link from "@/components/ui/link";
import { passwordLimits } from "@/lib/auth/auth-fields";

/** The sign-up form's fixed wording, rendered on the server: it reaches the browser as HTML, not as JavaScript. */
export interface RegisterFormCopy {
  passwordHint: React.ReactNode;
  termsLabel: React.ReactNode;
}

export const registerFormCopy: RegisterFormCopy = {
  passwordHint: `At least ${passwordLimits.min} characters. A passphrase of a few words works well.`,
  termsLabel: (
    <>
      I agree to the{" "}
      <Link href="/terms" className="font-medium text-olive-700 underline">
        Terms of Service
      </Link>{" "}
      and the{" "}
      <Link href="/privacy" className="font-medium text-olive-700 underline">
        Privacy Policy
      </Link>
    </>
  ),
};
