import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { getAuth } from "@/lib/auth/auth";
import type { CurrentMember } from "@/lib/auth/session";
import type { ProfileTabId } from "../profile-tabs";
import { getMemberSettings, getProfileFormValues, listActiveSessions } from "../profile.queries";
import { MyCalendarFeed } from "@/features/events/components/my-calendar-feed";
import { MyEventsPanel } from "@/features/events/components/my-events-panel";
import { MyGivingPanel } from "@/features/donations/components/my-giving-panel";
import { MyOrdersPanel } from "@/features/orders/components/my-orders-panel";
import { MyVerificationSummary } from "@/features/verification/components/my-verification-summary";
import { hasPassword } from "@/features/members/account/account.service";
import type { AutoRenewNotice } from "@/features/renewals/auto-renew-notices";
import { MyMembershipPanel } from "@/features/renewals/components/my-membership-panel";
import { ProfilePanel } from "./profile-panel";
import { SecurityPanel } from "./security-panel";
import { SettingsPanel } from "./settings-panel";

/** Loads only what the open tab needs, and renders it. `autoRenewNotice`: what an automatic-renewal form came back with. */
export async function ActivePanel({ tab, member, autoRenewNotice }: { tab: ProfileTabId; member: CurrentMember; autoRenewNotice?: AutoRenewNotice }) {
  const db = getDb();
  switch (tab) {
    case "profile":
      return (
        <>
          <ProfilePanel email={member.email} profile={await getProfileFormValues(db, member.id)} />
          <MyVerificationSummary memberId={member.id} />
        </>
      );
    case "membership":
      return <MyMembershipPanel memberId={member.id} autoRenewNotice={autoRenewNotice} />;
    case "events":
      return <MyEventsPanel memberId={member.id} />;
    case "orders":
      return <MyOrdersPanel memberId={member.id} />;
    case "giving":
      return <MyGivingPanel member={member} />;
    case "security": {
      const current = await getAuth().api.getSession({ headers: await headers() });
      return (
        <SecurityPanel
          sessions={await listActiveSessions(db, member.id, current?.session.id)}
          calendarFeed={<MyCalendarFeed memberId={member.id} />}
          email={member.email}
          hasPassword={await hasPassword(db, member.id)}
        />
      );
    }
    case "settings":
      return <SettingsPanel settings={await getMemberSettings(db, member)} />;
  }
}
