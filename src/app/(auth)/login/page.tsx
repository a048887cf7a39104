import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { OrDivider } from "@/features/members/components/auth-card-parts";
import { GoogleSignIn } from "@/features/members/components/google-sign-in";
import { LoginForm } from "@/features/members/components/login-form";
import { googleErrorMessage } from "@/features/members/members.schema";
import { safeNextPath } from "@/lib/auth/safe-next";
import { getCurrentMember } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Sign In",
  description: "Sign in to your Vanguard Veterans Association member account.",
  path: "/login",
});

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next, reset, confirmed, error } = await searchParams;
  // Only a same-site path survives; anything else is dropped here and again in the action.
  const nextPath = safeNextPath(next, "");
  if (await getCurrentMember()) redirect(nextPath || "/");
  const registerHref = nextPath ? `/register?next=${encodeURIComponent(nextPath)}` : "/register";

  return (
    <>
      <h1 className="text-2xl font-bold">Welcome Back</h1>
      <p className="mt-1 text-navy-700">Sign in to your member account.</p>
      {(reset === "1" || confirmed === "1") && (
        <p role="status" className="mt-4 rounded-md border border-olive-500/40 bg-sand-100 p-3 text-navy-900">
          {reset === "1" ? "Your password has been changed. Sign in with your new password." : "Your email address is confirmed. Sign in to continue."}
        </p>
      )}
      <div className="mt-6">
        <LoginForm next={nextPath || undefined} />
      </div>
      <OrDivider />
      <GoogleSignIn from="/login" next={nextPath || undefined} returnedError={googleErrorMessage(error)} />
      <p className="mt-6 text-center text-navy-800">
        Don&apos;t have an account?{" "}
        <Link href={registerHref} className="font-semibold text-olive-700 underline">
          Register
        </Link>
      </p>
    </>
  );
}
