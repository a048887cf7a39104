import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { fillEnvironmentFile, placeholderSettings } from "./deploy-env";
import { parseEnvironmentFile } from "./systemd-unit";

const root = path.resolve(import.meta.dirname, "..", "..");
const example = readFileSync(path.join(root, "deploy", "vva.env.example"), "utf8");

/** Every variable the example names, set or commented out. */
const named = (text: string) => [...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

/** The variables README's Configuration table documents. */
function documented(): Set<string> {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  return new Set(section.split("\n").filter((line) => line.startsWith("| `")).flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
}

describe("deploy/vva.env.example", () => {
  it("reads the same through systemd's EnvironmentFile= and Node's --env-file (deploy/vva), before and after filling in", () => {
    const filled = fillEnvironmentFile(example, { SITE_URL: "https://vva.example.org", BETTER_AUTH_SECRET: "k2Q+/abc=", EMAIL_FROM: "Site <no-reply@example.org>", STRIPE_SECRET_KEY: "sk_test_x" });
    // The README's sed writes the secret unquoted: base64's + / = read the same either way.
    const sedded = example.replace(/^BETTER_AUTH_SECRET=.*$/m, "BETTER_AUTH_SECRET=Zm9v+YmFy/YmF6==");
    for (const text of [example, filled, sedded]) expect(parseEnvironmentFile(text)).toEqual(parseEnv(text));
    expect(parseEnvironmentFile(sedded).BETTER_AUTH_SECRET).toBe("Zm9v+YmFy/YmF6==");
    expect(parseEnvironmentFile(filled)).toMatchObject({ BETTER_AUTH_SECRET: "k2Q+/abc=", EMAIL_FROM: "Site <no-reply@example.org>", STRIPE_SECRET_KEY: "sk_test_x" });
  });

  it("names only variables the README's Configuration documents (and NODE_ENV, NEXT_TELEMETRY_DISABLED), never PORT", () => {
    const known = documented();
    expect(known.has("TRUSTED_PROXIES")).toBe(true);
    expect(named(example).filter((name) => !known.has(name) && !["NODE_ENV", "NEXT_TELEMETRY_DISABLED"].includes(name))).toEqual([]);
    expect(named(example)).not.toContain("PORT");
  });

  it("holds a placeholder wherever a value of one's own is needed, so the servers refuse it unedited (scripts/migrate.ts)", () => {
    expect(placeholderSettings(parseEnvironmentFile(example))).toEqual(["BETTER_AUTH_SECRET", "DATABASE_URL", "ORGANIZATION_LEGAL_NAME", "SMTP_URL"]);
    expect(parseEnvironmentFile(example)).toMatchObject({ NODE_ENV: "production", HOST: "127.0.0.1", TRUSTED_PROXIES: "127.0.0.1,::1", ORGANIZATION_EIN: "00-0000000" });
  });
});

describe("fillEnvironmentFile", () => {
  const text = ["# a note", "A=1", "# B=commented", "C=3", ""].join("\n");

  it("replaces each value on its own line, turning a commented-out setting on, and leaves the rest", () => {
    expect(fillEnvironmentFile(text, { A: "one", B: "two words" })).toBe(["# a note", "A=one", 'B="two words"', "C=3", ""].join("\n"));
  });

  it("refuses a variable the example does not name, and a value neither reader would give back", () => {
    expect(() => fillEnvironmentFile(text, { D: "4" })).toThrow(/no line for D/);
    expect(() => fillEnvironmentFile(text, { A: 'say "hi"' })).toThrow(/A: a value with a quote/);
  });

  it("appends extra variables under a note", () => {
    expect(fillEnvironmentFile(text, {}, { values: { X: "http://127.0.0.1:1" }, note: "for the check" })).toBe([...text.split("\n"), "# for the check", "X=http://127.0.0.1:1", ""].join("\n"));
  });
});

describe("placeholderSettings", () => {
  it("names the variables whose value holds CHANGE-ME", () => {
    expect(placeholderSettings({ A: "CHANGE-ME", B: "smtp://CHANGE-ME-USER@host", C: "fine", D: undefined })).toEqual(["A", "B"]);
  });
});
