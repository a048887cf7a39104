import { addMembershipAction } from "@/features/cart/cart.actions";
import { formatMemberDate } from "../format";
import type { Membership } from "../profile.service";
import { cardClass, PanelHeading } from "./panel-heading";

const UPGRADES = [
  {
    id: "premium",
    name: "Premium",
    price: "$99/year",
    benefits: ["Priority registration for training events", "Member pricing in the shop", "Member-only workshops and webinars"],
  },
  {
    id: "elite",
    name: "Elite",
    price: "$199/year",
    benefits: [
      "Everything in Premium",
      "One advanced training course included each year",
      "Invitations to leadership and mentorship events",
    ],
  },
] as const;

export function MembershipPanel({ membership }: { membership: Membership }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="membership-current" className={cardClass}>
        <h2 id="membership-current" className="text-2xl font-bold">
          Your membership
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">Plan</dt>
            <dd className="text-lg font-bold">{membership.plan}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">Status</dt>
            <dd className="text-lg font-bold text-olive-700">{membership.status}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">Member since</dt>
            <dd className="text-lg">
              <time dateTime={membership.memberSince.toISOString()}>{formatMemberDate(membership.memberSince)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">Renewal date</dt>
            <dd className="text-lg">
              <time dateTime={membership.renewsOn.toISOString()}>{formatMemberDate(membership.renewsOn)}</time>
            </dd>
          </div>
        </dl>
        {membership.pendingUpgrade && (
          <p className="mt-4 rounded-md bg-sand-100 px-4 py-3" data-testid="pending-upgrade">
            Your {membership.pendingUpgrade.plan} upgrade (order {membership.pendingUpgrade.orderNumber}) starts once it is paid at
            pickup.
          </p>
        )}
        <p className="mt-4 text-sm text-navy-700">
          {membership.plan === "Basic"
            ? "Basic membership is free and renews automatically."
            : `Your ${membership.plan} membership runs for a year from payment; renew from this page.`}
        </p>
      </section>

      <section aria-labelledby="membership-upgrades">
        <PanelHeading id="membership-upgrades" title="Upgrade your membership">
          <span id="membership-upgrade-how">
            Upgrades are paid through the shop&apos;s checkout and last one year from payment.
          </span>
        </PanelHeading>
        <div className="grid gap-6 md:grid-cols-2">
          {UPGRADES.map((plan) => (
            <article key={plan.name} aria-labelledby={`plan-${plan.name}`} className={`${cardClass} flex flex-col`}>
              <h3 id={`plan-${plan.name}`} className="text-xl font-bold">
                {plan.name}
              </h3>
              <p className="mt-1 text-3xl font-extrabold">{plan.price}</p>
              <ul className="mt-4 flex-1 list-disc space-y-1 pl-5">
                {plan.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              <form action={addMembershipAction} className="mt-6">
                <input type="hidden" name="plan" value={plan.id} />
                <button
                  type="submit"
                  aria-describedby="membership-upgrade-how"
                  className="w-full rounded-md bg-olive-600 px-5 py-3 text-center font-semibold text-white hover:bg-olive-700"
                >
                  {membership.plan === plan.name ? `Renew ${plan.name}` : `Upgrade to ${plan.name}`}
                </button>
              </form>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
