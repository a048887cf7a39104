import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ORGANIZATION_EIN, SAMPLE_ORGANIZATION_LEGAL_NAME, getOrganizationEnv } from "@/lib/env";

afterEach(() => {
  delete process.env.ORGANIZATION_LEGAL_NAME;
  delete process.env.ORGANIZATION_EIN;
});

describe("the organisation named on receipts (ORGANIZATION_LEGAL_NAME, ORGANIZATION_EIN)", () => {
  it("defaults to samples that say they are samples", () => {
    process.env.ORGANIZATION_EIN = "";
    expect(getOrganizationEnv()).toEqual({ legalName: SAMPLE_ORGANIZATION_LEGAL_NAME, ein: SAMPLE_ORGANIZATION_EIN, sample: true });
    expect(SAMPLE_ORGANIZATION_LEGAL_NAME).toMatch(/sample/);
    expect(SAMPLE_ORGANIZATION_EIN).toMatch(/^00-/); // a prefix the IRS never assigns
  });

  it("takes the configured name and EIN", () => {
    process.env.ORGANIZATION_LEGAL_NAME = " Vanguard Veterans Association, Inc. ";
    process.env.ORGANIZATION_EIN = "74-1234567";
    expect(getOrganizationEnv()).toEqual({ legalName: "Vanguard Veterans Association, Inc.", ein: "74-1234567", sample: false });
  });

  it("refuses an EIN that is not NN-NNNNNNN, naming the variable", () => {
    process.env.ORGANIZATION_EIN = "741234567";
    expect(() => getOrganizationEnv()).toThrow("ORGANIZATION_EIN: ORGANIZATION_EIN must look like 12-3456789");
  });
});
