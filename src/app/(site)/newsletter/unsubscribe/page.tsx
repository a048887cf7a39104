import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { MySettingsPanel } from "@/features/profile/components/settings-panel";
import { getCurrentMember } from "@/lib/auth/session";
import { UnsubscribeForm } from "@/features/newsletter/components/link-forms";
import { unsubscribeLinkState } from "@/features/newsletter/newsletter.service";

export const metadata: Metadata = {
  title: "Unsubscribe",
  description: "Stop receiving our newsletter.",
  robots: { index: false },
};

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where a newsletter's unsubscribe link leads (its List-Unsubscribe header names the same address, and
 * a mail provider's one-click POST to it is answered by ./one-click, see src/proxy.ts). Opening it
 * changes nothing; the button unsubscribes. A member signed in with that address also gets their
 * email settings here.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Search }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const db = getDb();
  const link = await unsubscribeLinkState(db, token);
  const member = link.status === "unknown" ? null : await getCurrentMember();
  const owner = member && link.status !== "unknown" && member.email.toLowerCase() === link.email ? member : null;

  let notice: React.ReactNode = null;
  if (link.status === "unknown") {
    notice = (
      <p role="alert">
        We do not recognize this unsubscribe link. Use the link at the end of the newsletter itself, or{" "}
        <Link href="/contact" className="font-semibold underline underline-offset-2">
          contact us
        </Link>{" "}
        and we will take your address off the list.
      </p>
    );
  } else if (link.status === "not-subscribed") {
    notice = (
      <p role="status">
        <span className="break-all">{link.email}</span> is not subscribed to our newsletter: you will not receive it.
      </p>
    );
  }

  return (
    <>
      <PageHero eyebrow="Newsletter" title="Unsubscribe" />
      <div className="container-page max-w-3xl space-y-8 py-12">
        <section className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          {notice}
          <UnsubscribeForm token={token} email={link.status === "subscribed" ? link.email : null} />
          {!owner && (
            <p className="text-navy-800">
              Members choose all the email they get under{" "}
              <Link href="/profile?tab=settings" className="font-semibold underline underline-offset-2">
                Settings in their profile
              </Link>
              .
            </p>
          )}
        </section>
        {owner && <MySettingsPanel member={owner} />}
      </div>
    </>
  );
}
