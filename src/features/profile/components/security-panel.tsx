import { formatShortDateTimeCT } from "@/lib/time";
import type { SessionSummary } from "../profile.service";
import { ChangeEmailForm } from "@/features/members/account/components/change-email-form";
import { DeleteAccountForm } from "@/features/members/account/components/delete-account-form";
import { ChangePasswordForm } from "./change-password-form";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { SignOutOthersForm } from "./sign-out-others-form";

export function SecurityPanel({
  sessions,
  calendarFeed,
  email,
  hasPassword,
}: {
  sessions: SessionSummary[];
  /** The events feature's private calendar feed section. */
  calendarFeed: React.ReactNode;
  email: string;
  hasPassword: boolean;
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="security-email" className={cardClass}>
        <PanelHeading id="security-email" title="Change e-mail" />
        <ChangeEmailForm email={email} hasPassword={hasPassword} />
      </section>
      <section aria-labelledby="security-password" className={cardClass}>
        <PanelHeading id="security-password" title="Change password" />
        <ChangePasswordForm email={email} />
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
        <DeleteAccountForm email={email} hasPassword={hasPassword} />
      </section>
    </div>
  );
}
