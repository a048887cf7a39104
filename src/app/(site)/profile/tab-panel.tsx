import "server-only";
import { getDb } from "@/db/client";
import type { CurrentMember } from "@/lib/auth/session";
import { addMembershipAction } from "@/features/cart/cart.actions";
import { MyGivingPanel } from "@/features/donations/components/my-giving-panel";
import { MyCalendarFeed } from "@/features/events/components/my-calendar-feed";
import { MyEventsPanel } from "@/features/events/components/my-events-panel";
import { hasPassword } from "@/features/members/account/account.service";
import { ChangeEmailForm } from "@/features/members/account/components/change-email-form";
import { DeleteAccountForm } from "@/features/members/account/components/delete-account-form";
import { MyOrdersPanel } from "@/features/orders/components/my-orders-panel";
import { ProfilePanel } from "@/features/profile/components/profile-panel";
import { SecurityPanel } from "@/features/profile/components/security-panel";
import { MySettingsPanel } from "@/features/profile/components/settings-panel";
import { profileTabHref, type ProfileTabId } from "@/features/profile/profile-tabs";
import type { AutoRenewNotice } from "@/features/renewals/auto-renew-notices";
import { MyMembershipPanel } from "@/features/renewals/components/my-membership-panel";
import { MyVerificationSummary } from "@/features/verification/components/my-verification-summary";

/**
 * The open tab's panel: where the profile's tabs meet the features that fill them (each panel loads
 * only its own data). `autoRenewNotice`: what an automatic-renewal form came back with.
 */
export async function TabPanel({ tab, member, autoRenewNotice }: { tab: ProfileTabId; member: CurrentMember; autoRenewNotice?: AutoRenewNotice }) {
  switch (tab) {
    case "profile":
      return (
        <>
          <ProfilePanel member={member} />
          <MyVerificationSummary memberId={member.id} />
        </>
      );
    case "membership":
      return <MyMembershipPanel memberId={member.id} autoRenewNotice={autoRenewNotice} renewAction={addMembershipAction} />;
    case "events":
      return <MyEventsPanel memberId={member.id} returnTo={profileTabHref("events")} />;
    case "orders":
      return <MyOrdersPanel memberId={member.id} />;
    case "giving":
      return <MyGivingPanel member={member} />;
    case "security": {
      const withPassword = await hasPassword(getDb(), member.id);
      return (
        <SecurityPanel
          member={member}
          changeEmailForm={<ChangeEmailForm email={member.email} hasPassword={withPassword} />}
          calendarFeed={<MyCalendarFeed memberId={member.id} />}
          deleteAccountForm={<DeleteAccountForm email={member.email} hasPassword={withPassword} />}
        />
      );
    }
    case "settings":
      return <MySettingsPanel member={member} />;
  }
}
