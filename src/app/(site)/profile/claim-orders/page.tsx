import { ButtonLink } from "@/components/ui/button-link";
import { Button } from "@/components/ui/button";
import { PageHero } from "@/components/ui/page-hero";
import { requireMember } from "@/lib/auth/session";
import { claimableEmail } from "@/features/orders/claim-guest-orders.service";
import { claimOrdersAction } from "@/features/orders/claim-orders.actions";
import { pageMetadata } from "@/lib/metadata";
import { Alert } from "@/components/ui/alert";

export const metadata = {
  ...pageMetadata({
    title: "Add Earlier Orders",
    description: "Add the orders you placed as a guest to your member account.",
    path: "/profile/claim-orders",
  }),
  robots: { index: false },
};

type Search = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The page the "add your earlier orders" email links to. Opening it changes nothing (mail scanners
 * open links); the button does, for the signed-in member the link was sent to.
 */
export default async function ClaimOrdersPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const token = first(params.token) ?? "";
  const claimed = first(params.claimed);
  const member = await requireMember(token ? `/profile/claim-orders?token=${encodeURIComponent(token)}` : "/profile/claim-orders");

  let body: React.ReactNode;
  if (claimed !== undefined) {
    const n = Number(claimed);
    body = (
      <p role="status" className="text-lg">
        {n === 1
          ? "Your address is confirmed, and 1 earlier order was added to your account."
          : n > 1
            ? `Your address is confirmed, and ${n} earlier orders were added to your account.`
            : "There were no orders left to add: they are already in your account."}
      </p>
    );
  } else if (first(params.error) || !(await claimableEmail(token, member))) {
    body = (
      <Alert tone="error">
        This link is not valid for the account you are signed in to, or it has expired. Sign in with the account the
        email was sent for, or contact us and we will add the orders for you.
      </Alert>
    );
  } else {
    body = (
      <form action={claimOrdersAction} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <p className="text-lg">
          {member.emailVerified ? "Add" : "Confirm that this mailbox is yours and add"} the orders placed as a guest with{" "}
          <strong>{member.email}</strong> to this account? You will see them, with their delivery details, under Orders in your profile.
        </p>
        <Button type="submit">{member.emailVerified ? "Add them to my account" : "Confirm my address and add them"}</Button>
      </form>
    );
  }

  return (
    <>
      <PageHero eyebrow="Member Area" title="Add Earlier Orders" />
      <div className="container-page max-w-3xl py-12">
        <section className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-900/10 sm:p-8">
          {body}
          <ButtonLink href="/profile?tab=orders" variant="outline">
            My orders
          </ButtonLink>
        </section>
      </div>
    </>
  );
}
