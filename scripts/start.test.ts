import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("npm start in production", () => {
  it("refuses to start while the receipts' legal name and EIN are the samples, naming the variables, before touching anything", () => {
    // Its own empty folder: a start that went on would make ./data there, not in the project.
    folder = mkdtempSync(path.join(tmpdir(), "start-refusal-"));
    const env = { ...process.env, NODE_ENV: "production" as const, ORGANIZATION_LEGAL_NAME: "", ORGANIZATION_EIN: "", DATABASE_URL: "" };
    const run = spawnSync(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "--tsconfig", path.join(root, "tsconfig.json"), path.join(root, "scripts", "start.ts")], {
      cwd: folder,
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const fatal = run.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { msg: string; event?: string }).find((line) => line.event === "start.sample-organization");
    expect(fatal?.msg).toMatch(/ORGANIZATION_LEGAL_NAME and ORGANIZATION_EIN are still the development sample/);
    expect(readdirSync(folder)).toEqual([]);
  });
});
