import { describe, expect, it } from "vitest";
import { graceEndsAt, membershipStanding } from "./membership-plans.service";

describe("membershipStanding", () => {
  const expiresAt = new Date("2027-03-01T05:00:00Z");

  it("is active until the expiry instant, in grace for the grace days after it, then lapsed", () => {
    expect(membershipStanding(expiresAt, new Date("2027-03-01T04:59:59Z"), 14)).toBe("active");
    expect(membershipStanding(expiresAt, expiresAt, 14)).toBe("grace");
    expect(membershipStanding(expiresAt, new Date("2027-03-15T04:59:59Z"), 14)).toBe("grace");
    expect(membershipStanding(expiresAt, new Date("2027-03-15T05:00:00Z"), 14)).toBe("lapsed");
  });

  it("with no grace days, lapses at expiry", () => {
    expect(membershipStanding(expiresAt, expiresAt, 0)).toBe("lapsed");
    expect(graceEndsAt(expiresAt, 0)).toEqual(expiresAt);
  });
});
