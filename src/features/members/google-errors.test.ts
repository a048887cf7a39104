import { describe, expect, it } from "vitest";
import { FAILED_GOOGLE_SIGN_IN, googleErrorMessage } from "./members.schema";

describe("googleErrorMessage", () => {
  it("says nothing when no Google sign-in came back failed", () => {
    expect(googleErrorMessage(undefined)).toBeUndefined();
    expect(googleErrorMessage("")).toBeUndefined();
  });

  it("explains the failures a visitor can act on", () => {
    expect(googleErrorMessage("access_denied")).toBe("Google sign-in was canceled.");
    expect(googleErrorMessage("account_not_linked")).toMatch(/already has a member account/);
  });

  it("falls back to the spec's message for every other code, including inherited property names", () => {
    for (const code of ["invalid_code", "state_not_found", "toString", "__proto__"]) {
      expect(googleErrorMessage(code)).toBe(FAILED_GOOGLE_SIGN_IN);
    }
    expect(googleErrorMessage(["access_denied", "x"])).toBeUndefined();
  });
});
