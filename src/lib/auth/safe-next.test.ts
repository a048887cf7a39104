import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it.each([
    ["/contact", "/contact"],
    ["/profile?tab=settings", "/profile?tab=settings"],
    ["/calendar/2#details", "/calendar/2#details"],
    ["/", "/"],
  ])("keeps the same-site path %s", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "http://evil.example/login",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/a\\b",
    `/${"a".repeat(3000)}`,
    // Dot segments and encoded dots that normalise to "//host".
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/b/../..//evil.example/path?x=1",
  ])("ignores %j", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it("ignores non-strings and uses the given fallback", () => {
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath(["/contact"])).toBe("/");
    expect(safeNextPath("//evil.example", "")).toBe("");
  });
});
