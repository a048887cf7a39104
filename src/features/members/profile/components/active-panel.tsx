import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { getAuth } from "@/lib/auth/auth";
import type { CurrentMember } from "@/lib/auth/session";
import type { ProfileTabId } from "../profile-tabs";
import {
  getMemberSettings,
  getMembership,
  getProfileFormValues,
  listActiveSessions,
  listMyOrders,
} from "../profile.queries";
import { listMyEvents } from "@/features/events/registration.queries";
import { getMemberFeedToken } from "@/features/events/member-feed.service";
import { GivingPanel, GivingWaitsForConfirmation } from "@/features/donations/components/giving-panel";
import { hasPassword } from "../../account/account.service";
import { receiptYear } from "@/features/donations/receipt-numbers";
import { givingByYear } from "@/features/donations/year-end-statements";
import { now } from "@/lib/clock";
import { VerificationSummary } from "@/features/verification/components/verification-summary";
import { listMemberVerifications } from "@/features/verification/verification.queries";
import { EventsPanel } from "./events-panel";
import { AutoRenewSection } from "@/features/memberships/components/auto-renew-section";
import type { AutoRenewNotice } from "@/features/memberships/auto-renew-notices";
import { autoRenewOf, firstChargeAt } from "@/features/memberships/auto-renew.service";
import type { PaidPlan } from "@/features/memberships/membership-standing";
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans";
import { priceForBuyer } from "@/features/pricing/pricing.service";
import { getStripe } from "@/lib/payments/stripe";
import { MembershipPanel } from "./membership-panel";
import { OrdersPanel } from "./orders-panel";
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
          <VerificationSummary requests={await listMemberVerifications(db, member.id)} now={now()} />
        </>
      );
    case "membership": {
      const membership = await getMembership(db, member.id);
      if (!membership) return null;
      const autoRenewal = membership.paidPlanId && getStripe() ? await autoRenewalSection(member.id, membership.paidPlanId, membership.renewsOn, autoRenewNotice) : undefined;
      return <MembershipPanel membership={membership} autoRenewal={autoRenewal} />;
    }
    case "events":
      return <EventsPanel items={await listMyEvents(db, member.id)} />;
    case "orders":
      return <OrdersPanel orders={await listMyOrders(db, member.id)} />;
    case "giving":
      // Gifts are found by address: shown only once the member proved the mailbox is theirs.
      if (!member.emailVerified) return <GivingWaitsForConfirmation email={member.email} />;
      return <GivingPanel years={await givingByYear(db, member.email)} email={member.email} currentYear={receiptYear(now())} />;
    case "security": {
      const current = await getAuth().api.getSession({ headers: await headers() });
      return (
        <SecurityPanel
          sessions={await listActiveSessions(db, member.id, current?.session.id)}
          feedToken={await getMemberFeedToken(db, member.id)}
          email={member.email}
          hasPassword={await hasPassword(db, member.id)}
        />
      );
    }
    case "settings":
      return <SettingsPanel settings={await getMemberSettings(db, member)} />;
  }
}

async function autoRenewalSection(userId: string, plan: PaidPlan, renewsOn: Date, notice: AutoRenewNotice | undefined) {
  const db = getDb();
  const at = now();
  const [autoRenew, priced] = await Promise.all([
    autoRenewOf(db, userId),
    priceForBuyer(db, userId, [{ kind: "dues", unitPriceCents: MEMBERSHIP_PLANS[plan].priceCents, quantity: 1 }], at),
  ]);
  return (
    <AutoRenewSection
      planName={MEMBERSHIP_PLANS[plan].shortName}
      renewsOn={renewsOn}
      autoRenew={autoRenew}
      priceCents={priced.lines[0]!.price.unitPriceCents}
      firstChargeOn={firstChargeAt(renewsOn, at)}
      notice={notice}
    />
  );
}
