import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { benefitValues } from "@/features/memberships/membership-benefits";
import { listMemberships } from "@/features/memberships/memberships-desk.queries";
import { PLAN_CHOICES } from "@/features/memberships/membership-plans.service";
import { parseStatusFilter, REPEAT_WINDOW_MINUTES } from "@/features/memberships/memberships-desk.schema";
import { BenefitValuesForm, DeskRenewalForm } from "@/features/memberships/staff/components/membership-forms";
import { MembershipsList } from "@/features/memberships/staff/components/memberships-list";
import { Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import * as clock from "@/lib/clock";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Memberships" };

type Search = Promise<{ status?: string | string[] }>;

const dollars = (cents: number) => (cents / 100).toFixed(2);

export default async function MembershipsPage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/memberships");
  const filter = parseStatusFilter((await searchParams).status);
  const db = getDb();
  const [list, values] = await Promise.all([listMemberships(db, filter, clock.now()), benefitValues(db)]);
  return (
    <>
      <StaffPageHeading title="Memberships">
        Paid Premium and Elite memberships. A membership is active until it expires, in grace for {getEnv().MEMBERSHIP_GRACE_DAYS} days after
        that (benefits go on), then lapsed. Members are emailed 30, 7 and 1 days before expiry, the day after, and when grace ends.
      </StaffPageHeading>
      {/* min-w-0: the wide table scrolls inside its region instead of widening the page on a phone. */}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0">
          <Panel title="Paid memberships" id="memberships-list">
            <MembershipsList rows={list.rows} total={list.total} filter={filter} />
          </Panel>
        </div>
        <div className="min-w-0 space-y-6">
          <Panel title="Record a desk renewal" id="desk-renewal">
            <p className="mb-3 text-sm text-navy-700">
              For a year paid in person. It is added to the later of today and the member&apos;s expiry date; a change of plan takes effect at
              once and keeps the time already paid. The amount and how it was paid are kept, the member is emailed a receipt, and it is
              recorded in the audit log. A second record for the same member within {REPEAT_WINDOW_MINUTES} minutes asks first.
            </p>
            <DeskRenewalForm plans={PLAN_CHOICES} />
          </Panel>
          <Panel title="Value of the benefits" id="benefit-values">
            <p className="mb-3 text-sm text-navy-700">
              Your good-faith estimate of what a year&apos;s benefits are worth (IRS Publication 1771). Membership receipts state it and count
              only what was paid above it as a gift. The defaults ($25 Premium, $50 Elite) are a starting point: set your own.
            </p>
            <BenefitValuesForm premium={dollars(values.premium)} elite={dollars(values.elite)} />
          </Panel>
        </div>
      </div>
    </>
  );
}
