import { PageHero } from "@/components/ui/page-hero";
import { signOutAction } from "@/features/members/members.actions";
import { requireMember } from "@/features/members/session";
import { pageMetadata } from "@/lib/metadata";

export const metadata = {
  ...pageMetadata({ title: "Profile", description: "Your Vanguard Veterans Association member profile.", path: "/profile" }),
  robots: { index: false },
};

// The profile, membership, events, orders, security and settings tabs come with the next part of the accounts work.
export default async function ProfilePage() {
  const member = await requireMember("/profile");
  return (
    <>
      <PageHero eyebrow="Member Area" title="My Profile" />
      <section className="container-page max-w-3xl py-16">
        <div className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg">
            Signed in as <strong>{member.email}</strong>
          </p>
          <form action={signOutAction}>
            <button type="submit" className="rounded-md bg-navy-900 px-5 py-3 font-semibold text-white hover:bg-navy-800">
              Sign Out
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
