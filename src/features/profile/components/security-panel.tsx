import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { getAuth } from "@/lib/auth/auth";
import type { CurrentMember } from "@/lib/auth/session";
import { formatShortDateTimeCT } from "@/lib/time";
import { listActiveSessions } from "../profile.queries";
import { ChangePasswordForm } from "./change-password-form";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { SignOutOthersForm } from "./sign-out-others-form";

/**
 * The profile's Security tab. The account's own forms (change email, delete account) and the events
 * feature's private calendar feed come in from the page, which composes the features.
 */
export async function SecurityPanel({
  member,
  changeEmailForm,
  calendarFeed,
  deleteAccountForm,
}: {
  member: CurrentMember;
  changeEmailForm: React.ReactNode;
  calendarFeed: React.ReactNode;
  deleteAccountForm: React.ReactNode;
}) {
  const current = await getAuth().api.getSession({ headers: await headers() });
  const sessions = await listActiveSessions(getDb(), member.id, current?.session.id);
  return (
    <div className="space-y-8">
      <section aria-labelledby="security-email" className={cardClass}>
        <PanelHeading id="security-email" title="Change email" />
        {changeEmailForm}
      </section>
      <section aria-labelledby="security-password" className={cardClass}>
        <PanelHeading id="security-password" title="Change password" />
        <ChangePasswordForm email={member.email} />
      </section>
      <section aria-labelledby="security-sessions" className={cardClass}>
        <PanelHeading id="security-sessions" title="Active sessions">
          The browsers and devices signed in to your account.
        </PanelHeading>
        <ul className="mb-6 divide-y divide-navy-700/15">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3" data-testid="session">
              <div>
                <p className="font-semibold">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded-full bg-olive-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-navy-700">IP address {session.ipAddress}</p>
              </div>
              <p className="text-sm text-navy-700">
                Last active <time dateTime={session.lastActive.toISOString()}>{formatShortDateTimeCT(session.lastActive)}</time>
              </p>
            </li>
          ))}
        </ul>
        <SignOutOthersForm />
      </section>
      {calendarFeed}
      <section aria-labelledby="security-delete" className={cardClass}>
        <PanelHeading id="security-delete" title="Delete account" />
        {deleteAccountForm}
      </section>
    </div>
  );
}
