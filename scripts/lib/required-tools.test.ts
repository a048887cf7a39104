import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chromiumTool, missingTools, npmPackage } from "./required-tools";

const folder = mkdtempSync(path.join(tmpdir(), "required-tools-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("missingTools", () => {
  it("names a missing Chromium, the command that installs it and the setting that points elsewhere", () => {
    const absent = path.join(folder, "no-chromium-here");
    expect(missingTools([chromiumTool(absent)])).toEqual([
      `Chromium is missing: no program at ${absent}. Install it with \`sudo apt-get install chromium\` (or set CHROMIUM_PATH to where it is installed).`,
    ]);
  });

  it("takes a file that is there but not executable for missing, and an executable one for present", () => {
    const file = path.join(folder, "chromium");
    writeFileSync(file, "#!/bin/sh\n");
    chmodSync(file, 0o644);
    expect(missingTools([chromiumTool(file)])).toHaveLength(1);
    chmodSync(file, 0o755);
    expect(missingTools([chromiumTool(file)])).toEqual([]);
  });

  it("names a missing npm package and says to run npm install; an installed one passes", () => {
    expect(missingTools([npmPackage("autocannon-that-is-not-installed"), npmPackage("autocannon")])).toEqual([
      "The npm package autocannon-that-is-not-installed is missing. Install it with `npm install`.",
    ]);
  });

  it("resolves packages from the project it is given, not from wherever the script runs", () => {
    expect(missingTools([npmPackage("autocannon")], folder)).toEqual(["The npm package autocannon is missing. Install it with `npm install`."]);
  });
});
