import Link from "@/components/ui/link";
import { ForgotPasswordForm } from "@/features/members/components/forgot-password-form";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Forgot Password",
  description: "Reset the password of your Vanguard Veterans Association member account.",
  path: "/forgot-password",
});

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      <p className="mt-1 text-navy-700">Enter your email and we&apos;ll send you a link to choose a new one.</p>
      <div className="mt-6">
        <ForgotPasswordForm />
      </div>
      <p className="mt-6 text-center text-navy-800">
        Remembered it?{" "}
        <Link href="/login" className="font-semibold text-olive-700 underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
