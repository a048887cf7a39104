import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { ContentForm } from "@/components/staff/content-form";
import { requireDeskPage } from "@/features/staff/desk-access";
import { getPricingRates } from "@/features/pricing/pricing.service";
import { rateField } from "@/features/pricing/pricing-desk.schema";
import { savePricingRatesAction } from "@/features/pricing/staff/pricing.staff-actions";
import { Panel, StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Pricing" };

export default async function PricingPage() {
  await requireDeskPage("/admin/pricing");
  const rates = await getPricingRates(getDb());
  const values = { premium: rateField(rates.premiumTenths), elite: rateField(rates.eliteTenths), verification: rateField(rates.verificationTenths) };
  const hint = "A percentage from 0 to 50, whole or with one decimal (like 12.5). 0 turns it off.";
  return (
    <>
      <StaffPageHeading title="Member pricing and service discount">
        Each order line gets the single best of these that applies to the buyer, never two added together. Member pricing is on shop products
        only, while the membership is active or in its grace period; the verified service discount is on shop products and membership dues,
        while the verification has not expired. Discounts are taken per item and rounded to the cent in the buyer&apos;s favor. A change
        applies at once to every price shown and charged; orders already placed keep theirs.
      </StaffPageHeading>
      <div className="max-w-2xl">
        <Panel title="Rates" id="rates-heading">
          <ContentForm
            prefix="pricing"
            action={savePricingRatesAction}
            fields={[
              { kind: "number", name: "premium", label: "Premium member pricing (%)", min: 0, max: 50, step: 0.1, hint },
              { kind: "number", name: "elite", label: "Elite member pricing (%)", min: 0, max: 50, step: 0.1, hint },
              { kind: "number", name: "verification", label: "Verified service discount (%)", min: 0, max: 50, step: 0.1, hint },
            ]}
            values={values}
            submitLabel="Save rates"
          />
        </Panel>
      </div>
    </>
  );
}
