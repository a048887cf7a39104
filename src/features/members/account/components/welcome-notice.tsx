import Link from "@/components/ui/link";
import { site } from "@/lib/site";

/**
 * Where a new account lands (after confirming the address, or a first Google sign-in): what happened, and
 * what comes next. `confirmed`: the address is proved, so gifts and earlier orders show too.
 */
export function WelcomeNotice({ email, confirmed }: { email: string; confirmed: boolean }) {
  return (
    <section aria-labelledby="welcome-heading" className="mb-8 rounded-xl border border-olive-600 bg-olive-600/10 p-6" data-testid="welcome-notice">
      <h2 id="welcome-heading" className="text-lg font-bold">
        Welcome to the {site.name}!
      </h2>
      <p className="mt-2" role="status">
        {confirmed ? (
          <>
            Your email address <strong>{email}</strong> is confirmed and you are signed in.
          </>
        ) : (
          <>
            You are signed in as <strong>{email}</strong>.
          </>
        )}
      </p>
      <p className="mt-2">What you can do next:</p>
      <ul className="mt-1 list-disc space-y-1 pl-6">
        <li>add your name and details below (all optional);</li>
        <li>
          <Link href="/calendar" className="font-semibold text-olive-700 underline">
            register for an event
          </Link>{" "}
          or{" "}
          <Link href="/training" className="font-semibold text-olive-700 underline">
            find a training program
          </Link>
          ;
        </li>
        <li>
          <Link href="/profile?tab=membership" className="font-semibold text-olive-700 underline">
            see your membership
          </Link>
          : Basic is free, and Premium and Elite add member pricing and priority registration.
        </li>
      </ul>
    </section>
  );
}
