import { getOrganizationEnv } from "./env";
import { log } from "./log";
import { site } from "./site";

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

/** The settings that still hold the development samples, by their variable names. */
export function sampleOrganizationSettings(): string[] {
  const organization = getOrganizationEnv();
  return [
    ...(organization.sampleLegalName ? ["ORGANIZATION_LEGAL_NAME"] : []),
    ...(organization.sampleEin ? ["ORGANIZATION_EIN"] : []),
  ];
}

/**
 * Why a production start must not go on, or null. Donation receipts and membership receipts are always
 * on (gifts recorded at the desk, paid memberships), so a production site with the samples would hand
 * out receipts naming an organisation and an EIN that do not exist.
 */
export function productionStartRefusal(nodeEnv: string | undefined): string | null {
  if (nodeEnv !== "production") return null;
  const samples = sampleOrganizationSettings();
  if (samples.length === 0) return null;
  return `NODE_ENV is production, but ${samples.join(" and ")} ${samples.length === 1 ? "is" : "are"} still the development sample: donation and membership receipts would name an organization the IRS does not know. Set ${samples.join(" and ")} (README, Donations) and start again.`;
}

/** The organisation as a public page shows it. */
export interface ShownOrganization {
  /** The legal name (checks are made payable to it); the site's name while the legal name is the sample. */
  legalName: string;
  /** The EIN, or null while it is the sample (visitors never see "00-0000000"). */
  ein: string | null;
  /** For staff only: the settings still holding samples, shown to them marked as such. Empty for visitors. */
  samplesForStaff: string[];
}

/**
 * Visitors never read a sample: the legal name falls back to the site's name and the EIN is left out.
 * Staff see the samples as they are, marked, so they know what to set before the site goes live.
 */
export function shownOrganization(viewerIsStaff: boolean): ShownOrganization {
  const organization = getOrganizationEnv();
  if (viewerIsStaff) return { legalName: organization.legalName, ein: organization.ein, samplesForStaff: sampleOrganizationSettings() };
  return {
    legalName: organization.sampleLegalName ? site.name : organization.legalName,
    ein: organization.sampleEin ? null : organization.ein,
    samplesForStaff: [],
  };
}
