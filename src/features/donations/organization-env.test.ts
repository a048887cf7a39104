import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ORGANIZATION_EIN, SAMPLE_ORGANIZATION_LEGAL_NAME, getOrganizationEnv } from "@/lib/env";
import { productionStartRefusal, shownOrganization } from "@/lib/receipt-organization";
import { site } from "@/lib/site";

afterEach(() => {
  delete process.env.ORGANIZATION_LEGAL_NAME;
  delete process.env.ORGANIZATION_EIN;
});

describe("the organisation named on receipts (ORGANIZATION_LEGAL_NAME, ORGANIZATION_EIN)", () => {
  it("defaults to samples that say they are samples", () => {
    process.env.ORGANIZATION_EIN = "";
    expect(getOrganizationEnv()).toEqual({ legalName: SAMPLE_ORGANIZATION_LEGAL_NAME, ein: SAMPLE_ORGANIZATION_EIN, sample: true, sampleLegalName: true, sampleEin: true });
    expect(SAMPLE_ORGANIZATION_LEGAL_NAME).toMatch(/sample/);
    expect(SAMPLE_ORGANIZATION_EIN).toMatch(/^00-/); // a prefix the IRS never assigns
  });

  it("takes the configured name and EIN", () => {
    process.env.ORGANIZATION_LEGAL_NAME = " Vanguard Veterans Association, Inc. ";
    process.env.ORGANIZATION_EIN = "74-1234567";
    expect(getOrganizationEnv()).toEqual({ legalName: "Vanguard Veterans Association, Inc.", ein: "74-1234567", sample: false, sampleLegalName: false, sampleEin: false });
  });

  it("refuses an EIN that is not NN-NNNNNNN, naming the variable", () => {
    process.env.ORGANIZATION_EIN = "741234567";
    expect(() => getOrganizationEnv()).toThrow("ORGANIZATION_EIN: ORGANIZATION_EIN must look like 12-3456789");
  });

  it("never shows a visitor a sample: the site's name stands in for the legal name, and the EIN is left out", () => {
    expect(shownOrganization(false)).toEqual({ legalName: site.name, ein: null, samplesForStaff: [] });
    expect(site.name).not.toMatch(/sample/i);
    process.env.ORGANIZATION_EIN = "74-1234567";
    expect(shownOrganization(false)).toEqual({ legalName: site.name, ein: "74-1234567", samplesForStaff: [] });
  });

  it("shows staff the samples as they are, naming the settings still to make", () => {
    expect(shownOrganization(true)).toEqual({
      legalName: SAMPLE_ORGANIZATION_LEGAL_NAME,
      ein: SAMPLE_ORGANIZATION_EIN,
      samplesForStaff: ["ORGANIZATION_LEGAL_NAME", "ORGANIZATION_EIN"],
    });
    process.env.ORGANIZATION_LEGAL_NAME = "Vanguard Veterans Association, Inc.";
    expect(shownOrganization(true).samplesForStaff).toEqual(["ORGANIZATION_EIN"]);
    process.env.ORGANIZATION_EIN = "74-1234567";
    expect(shownOrganization(true)).toEqual({ legalName: "Vanguard Veterans Association, Inc.", ein: "74-1234567", samplesForStaff: [] });
  });

  it("refuses a production start while either is the sample, naming the variables; allows any other start", () => {
    expect(productionStartRefusal("production")).toMatch(/^NODE_ENV is production, but ORGANIZATION_LEGAL_NAME and ORGANIZATION_EIN are still the development sample/);
    expect(productionStartRefusal(undefined)).toBeNull();
    expect(productionStartRefusal("development")).toBeNull();
    process.env.ORGANIZATION_LEGAL_NAME = "Vanguard Veterans Association, Inc.";
    expect(productionStartRefusal("production")).toMatch(/but ORGANIZATION_EIN is still the development sample.* Set ORGANIZATION_EIN /);
    process.env.ORGANIZATION_EIN = "74-1234567";
    expect(productionStartRefusal("production")).toBeNull();
  });
});
