import type { Metadata } from "next";
import { PageHero } from "@/components/ui/page-hero";
import { getDb } from "@/db/client";
import { ConfirmSubscriptionForm } from "@/features/newsletter/components/link-forms";
import { pendingSignUpFor } from "@/features/newsletter/newsletter.service";

export const metadata: Metadata = {
  title: "Confirm Your Subscription",
  description: "Confirm that you want to receive our newsletter.",
  robots: { index: false },
};

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where the confirmation email leads. Opening it changes nothing (mail scanners and link previews
 * open links too); only the Confirm button subscribes.
 */
export default async function ConfirmSubscriptionPage({ searchParams }: { searchParams: Search }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const pending = await pendingSignUpFor(getDb(), token);
  return (
    <>
      <PageHero eyebrow="Newsletter" title="Confirm Your Subscription" />
      <div className="container-page max-w-3xl py-12">
        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          <ConfirmSubscriptionForm token={token} email={pending?.email ?? null} />
        </section>
      </div>
    </>
  );
}
