"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { savePricingRates } from "../pricing-desk.service";
import { pricingRatesSchema } from "../pricing-desk.schema";
import { formatRate } from "../pricing-rates";

export const savePricingRatesAction = staffAction({ pricing: ["update"] }, pricingRatesSchema, async (input, staff) => {
  await savePricingRates(getDb(), { id: staff.id, email: staff.email }, input);
  revalidatePath("/admin/pricing");
  return {
    message: `Rates saved: Premium ${formatRate(input.premium)}, Elite ${formatRate(input.elite)}, verified service ${formatRate(input.verification)}. The shop uses them from now on; orders already placed keep theirs.`,
  };
});
