import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { pricingRates } from "@/db/schema/pricing";
import { recordAudit, type Actor } from "@/lib/audit.service";
import * as clock from "@/lib/clock";
import { DEFAULT_RATES } from "./pricing-rates";
import type { PricingRatesInput } from "./pricing-desk.schema";

/** Saves the rates (they apply to every price shown or charged from now on) and records who changed what. */
export async function savePricingRates(db: Database, actor: Actor, input: PricingRatesInput): Promise<void> {
  const values = { premiumTenths: input.premium, eliteTenths: input.elite, verificationTenths: input.verification };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ premiumTenths: pricingRates.premiumTenths, eliteTenths: pricingRates.eliteTenths, verificationTenths: pricingRates.verificationTenths })
      .from(pricingRates)
      .where(eq(pricingRates.id, 1))
      .for("update");
    const row = { ...values, updatedAt: clock.now() };
    await tx.insert(pricingRates).values({ id: 1, ...row }).onConflictDoUpdate({ target: pricingRates.id, set: row });
    await recordAudit(tx, actor, { action: "pricing.update", recordType: "pricing_rates", recordId: "1", before: before ?? { ...DEFAULT_RATES, defaults: true }, after: values });
  });
}
