import Link from "@/components/ui/link";
import { PageHero } from "@/components/ui/page-hero";
import { signOutAction } from "@/features/members/members.actions";
import { ConfirmAddressNotice } from "@/features/members/account/components/confirm-address-notice";
import { WelcomeNotice } from "@/features/members/account/components/welcome-notice";
import { ProfileTabList } from "@/features/profile/components/profile-tab-list";
import { PROFILE_TABS, panelId, parseProfileTab, profileTabHref, tabId } from "@/features/profile/profile-tabs";
import { requireMember } from "@/lib/auth/session";
import { parseAutoRenewNotice } from "@/features/renewals/auto-renew-notices";
import { pageMetadata } from "@/lib/metadata";
import { TabPanel } from "./tab-panel";

export const metadata = {
  ...pageMetadata({ title: "Profile", description: "Your Vanguard Veterans Association member profile.", path: "/profile" }),
  robots: { index: false },
};

export default async function ProfilePage({ searchParams }: { searchParams: Promise<{ tab?: string | string[]; "auto-renew"?: string | string[]; welcome?: string | string[] }> }) {
  const params = await searchParams;
  const tab = parseProfileTab(params.tab);
  const member = await requireMember(profileTabHref(tab));
  return (
    <>
      <PageHero eyebrow="Member Area" title="My Profile" />
      <div className="container-page max-w-5xl py-12">
        <div className="mb-8 flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg">
            Signed in as <strong>{member.email}</strong>
          </p>
          {member.role && (
            <Link href="/admin" className="font-semibold text-olive-700 underline underline-offset-2">
              Go to the staff area
            </Link>
          )}
          <form action={signOutAction}>
            <button type="submit" className="rounded-md bg-navy-900 px-5 py-3 font-semibold text-white hover:bg-navy-800">
              Sign Out
            </button>
          </form>
        </div>
        {params.welcome === "1" && <WelcomeNotice email={member.email} confirmed={member.emailVerified} />}
        {!member.emailVerified && <ConfirmAddressNotice email={member.email} />}
        <ProfileTabList active={tab} />
        {PROFILE_TABS.map(({ id }) =>
          id === tab ? (
            <div key={id} id={panelId(id)} role="tabpanel" aria-labelledby={tabId(id)} tabIndex={0} className="pt-8 outline-offset-4">
              <TabPanel tab={tab} member={member} autoRenewNotice={parseAutoRenewNotice(params["auto-renew"])} />
            </div>
          ) : (
            // Every tab's aria-controls points at a panel; only the open one has content.
            <div key={id} id={panelId(id)} role="tabpanel" aria-labelledby={tabId(id)} hidden />
          ),
        )}
      </div>
    </>
  );
}
