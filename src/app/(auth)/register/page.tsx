import Link from "@/components/ui/link";
import { redirect } from "next/navigation";
import { OrDivider } from "@/features/members/components/auth-card-parts";
import { GoogleSignIn } from "@/features/members/components/google-sign-in";
import { RegisterForm } from "@/features/members/components/register-form";
import { registerFormCopy } from "@/features/members/components/register-form-copy";
import { googleErrorMessage } from "@/features/members/members.schema";
import { safeNextPath } from "@/lib/auth/safe-next";
import { getCurrentMember } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Create Account",
  description: "Join the Vanguard Veterans Association: create a member account for training, events and the shop.",
  path: "/register",
});

export default async function RegisterPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next, error } = await searchParams;
  const nextPath = safeNextPath(next, "");
  if (await getCurrentMember()) redirect(nextPath || "/");
  const loginHref = nextPath ? `/login?next=${encodeURIComponent(nextPath)}` : "/login";

  return (
    <>
      <h1 className="text-2xl font-bold">Create Account</h1>
      <p className="mt-1 text-navy-700">Join our community of veterans, service members and supporters.</p>
      <div className="mt-6">
        <RegisterForm next={nextPath || undefined} copy={registerFormCopy} />
      </div>
      <OrDivider />
      <GoogleSignIn from="/register" next={nextPath || undefined} returnedError={googleErrorMessage(error)} />
      <p className="mt-6 text-center text-navy-800">
        Already have an account?{" "}
        <Link href={loginHref} className="font-semibold text-olive-700 underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
