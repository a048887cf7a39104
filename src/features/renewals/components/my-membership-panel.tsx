import { getDb } from "@/db/client";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans.service";
import { now } from "@/lib/clock";
import { formatCents } from "@/lib/money";
import { getStripe } from "@/lib/payments/stripe";
import { formatLongDate } from "@/lib/time";
import type { AutoRenewNotice } from "../auto-renew-notices";
import { autoRenewOf, firstChargeAt, renewalPrice } from "../auto-renew.service";
import { getMembership, type Membership } from "../my-membership.queries";
import { AutoRenewSection } from "./auto-renew-section";

const UPGRADES = (["premium", "elite"] as const).map((id) => ({
  id,
  name: MEMBERSHIP_PLANS[id].shortName,
  price: `${formatCents(MEMBERSHIP_PLANS[id].priceCents).replace(/\.00$/, "")}/year`,
  benefits: MEMBERSHIP_PLANS[id].benefits,
}));

const STATUS_LABELS: Record<Membership["status"], string> = { active: "Active", grace: "In grace", lapsed: "Lapsed" };

const date = (d: Date) => <time dateTime={d.toISOString()}>{formatLongDate(d)}</time>;

/** What the member's paid plan means today, and how renewing works: true of the dates, never a bare "Active". */
function Standing({ membership }: { membership: Membership }) {
  if (membership.plan === "Basic") return <>Basic membership is free and renews automatically.</>;
  const until = membership.benefitsUntil ?? membership.renewsOn;
  if (membership.status === "active")
    return (
      <>
        Your {membership.plan} membership runs until {date(membership.renewsOn)}. Renewing adds a year to that date, so renewing early
        loses nothing.
      </>
    );
  if (membership.status === "grace")
    return (
      <>
        Your {membership.plan} membership expired on {date(membership.renewsOn)}. Your benefits go on until {date(until)}: renew before
        then to keep them. A renewal now runs a year from the day you pay.
      </>
    );
  return (
    <>
      Your {membership.plan} membership lapsed: its benefits ended on {date(until)}, and you are on the free Basic plan. Renew to get them
      back for a year from the day you pay.
    </>
  );
}

/** `autoRenewal`: the automatic-renewal section, for a paid plan on a site that takes cards. */
function MembershipPanel({ membership, autoRenewal, renewAction }: { membership: Membership; autoRenewal?: React.ReactNode; renewAction: RenewAction }) {
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
            <dd className={`text-lg font-bold ${membership.status === "active" ? "text-olive-700" : "text-red-800"}`} data-testid="membership-status">
              {STATUS_LABELS[membership.status]}
              {membership.status === "grace" && membership.benefitsUntil && (
                <span className="block text-sm font-normal text-navy-700">Benefits until {date(membership.benefitsUntil)}</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">Member since</dt>
            <dd className="text-lg">
              <time dateTime={membership.memberSince.toISOString()}>{formatLongDate(membership.memberSince)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold uppercase tracking-wide text-navy-700">{membership.plan === "Basic" ? "Renewal date" : "Expires on"}</dt>
            <dd className="text-lg">
              <time dateTime={membership.renewsOn.toISOString()}>{formatLongDate(membership.renewsOn)}</time>
            </dd>
          </div>
        </dl>
        {membership.pendingUpgrade && (
          <p className="mt-4 rounded-md bg-sand-100 px-4 py-3" data-testid="pending-upgrade">
            Your {membership.pendingUpgrade.plan} upgrade (order {membership.pendingUpgrade.orderNumber}) starts once it is paid at
            pickup.
          </p>
        )}
        <p className="mt-4 text-navy-700" data-testid="membership-standing">
          <Standing membership={membership} />
        </p>
        {membership.paidPlanId && (
          <form action={renewAction} className="mt-4" id="renew">
            <input type="hidden" name="plan" value={membership.paidPlanId} />
            <button type="submit" className="rounded-md bg-olive-600 px-5 py-3 font-semibold text-white hover:bg-olive-700">
              Renew {membership.plan} for a year ({formatCents(MEMBERSHIP_PLANS[membership.paidPlanId].priceCents)})
            </button>
            <p className="mt-2 text-sm text-navy-700">Paid through the shop&apos;s checkout, by card or at the desk.</p>
          </form>
        )}
        {autoRenewal}
      </section>

      <section aria-labelledby="membership-upgrades">
        <PanelHeading id="membership-upgrades" title={membership.plan === "Basic" ? "Upgrade your membership" : "Plans"}>
          <span id="membership-upgrade-how">
            Paid through the shop&apos;s checkout, one year at a time. A new plan takes effect once paid, and any time you have already
            paid for carries over: the year is added to your current expiry date.
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
              <form action={renewAction} className="mt-6">
                <input type="hidden" name="plan" value={plan.id} />
                <button
                  type="submit"
                  aria-describedby="membership-upgrade-how"
                  className="w-full rounded-md bg-olive-600 px-5 py-3 text-center font-semibold text-white hover:bg-olive-700"
                >
                  {membership.paidPlanId === plan.id ? `Renew ${plan.name}` : membership.paidPlanId ? `Change to ${plan.name}` : `Upgrade to ${plan.name}`}
                </button>
              </form>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

/** Puts a year of the posted `plan` in the cart (the cart's action, passed in by the page). */
type RenewAction = (formData: FormData) => Promise<void>;

/**
 * The profile's Membership tab for this member. `autoRenewNotice`: what an automatic-renewal form came
 * back with; `renewAction`: where the renew and upgrade buttons post.
 */
export async function MyMembershipPanel({
  memberId,
  autoRenewNotice,
  renewAction,
}: {
  memberId: string;
  autoRenewNotice?: AutoRenewNotice;
  renewAction: RenewAction;
}) {
  const membership = await getMembership(getDb(), memberId);
  if (!membership) return null;
  const autoRenewal = membership.paidPlanId && getStripe() ? await autoRenewalSection(memberId, membership.paidPlanId, membership.renewsOn, autoRenewNotice) : undefined;
  return <MembershipPanel membership={membership} autoRenewal={autoRenewal} renewAction={renewAction} />;
}

async function autoRenewalSection(userId: string, plan: NonNullable<Membership["paidPlanId"]>, renewsOn: Date, notice: AutoRenewNotice | undefined) {
  const db = getDb();
  const at = now();
  const [autoRenew, price] = await Promise.all([autoRenewOf(db, userId), renewalPrice(db, userId, plan, at)]);
  return (
    <AutoRenewSection
      planName={MEMBERSHIP_PLANS[plan].shortName}
      renewsOn={renewsOn}
      autoRenew={autoRenew}
      priceCents={price.unitPriceCents}
      firstChargeOn={firstChargeAt(renewsOn, at)}
      notice={notice}
    />
  );
}
