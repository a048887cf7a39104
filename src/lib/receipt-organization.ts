import { getOrganizationEnv } from "./env";
import { log } from "./log";

/** Who issues the association's receipts (gifts and membership dues): its legal name and EIN. */
export interface Organization {
  legalName: string;
  ein: string;
}

/** The organisation named on receipts; warns once per process when production still uses the samples. */
let warnedSample = false;
export function receiptOrganization(): Organization {
  const organization = getOrganizationEnv();
  if (organization.sample && process.env.NODE_ENV === "production" && !warnedSample) {
    warnedSample = true;
    log.warn({ event: "donations.sample-organization" }, "receipts carry the sample legal name or EIN: set ORGANIZATION_LEGAL_NAME and ORGANIZATION_EIN");
  }
  return { legalName: organization.legalName, ein: organization.ein };
}
