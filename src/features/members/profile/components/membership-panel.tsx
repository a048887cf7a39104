import Link from "next/link";
import { formatMemberDate } from "../format";
import type { Membership } from "../profile.service";
import { cardClass, PanelHeading } from "./panel-heading";

const UPGRADES = [
  {
    name: "Premium",
    price: "$99/year",
    benefits: ["Priority registration for training events", "Member pricing in the shop", "Member-only workshops and webinars"],
  },
  {
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
        <p className="mt-4 text-sm text-navy-700">Basic membership is free and renews automatically.</p>
      </section>

      <section aria-labelledby="membership-upgrades">
        <PanelHeading id="membership-upgrades" title="Upgrade your membership">
          <span id="membership-upgrade-how">
            Online upgrades open with the shop&apos;s checkout. Until then, contact us and we&apos;ll upgrade your membership today.
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
              <Link
                href="/contact?category=membership"
                aria-describedby="membership-upgrade-how"
                className="mt-6 inline-block rounded-md bg-olive-600 px-5 py-3 text-center font-semibold text-white hover:bg-olive-700"
              >
                Contact us to upgrade to {plan.name}
              </Link>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
