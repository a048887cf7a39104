import Link from "@/components/ui/link";

/**
 * What sign-up answers for an address that already has an account. Rendered on the server and returned
 * by the register action (none of it in the page's JavaScript).
 */
export function ExistingAccountNotice({ email }: { email: string }) {
  return (
    <>
      <p className="mt-2 text-navy-800">
        This address, <strong>{email}</strong>, already has an account, or the password did not match it. We sent an
        e-mail to that address telling its owner how to sign in or choose a new password.
      </p>
      <p className="mt-4">
        <Link href="/login" className="font-semibold text-olive-700 underline">
          Go to sign in
        </Link>
      </p>
    </>
  );
}
