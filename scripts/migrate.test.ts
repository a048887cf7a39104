import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** `npm run migrate` with this environment, and the fatal line it logged. */
function migrate(env: Partial<NodeJS.ProcessEnv>): { status: number | null; fatal: { msg: string; event?: string } | undefined } {
  const run = spawnSync(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "--tsconfig", path.join(root, "tsconfig.json"), path.join(root, "scripts", "migrate.ts")], {
    cwd: root,
    // A database nothing listens on: a migration that went on would fail differently.
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: "postgres://vva:secret@127.0.0.1:9/vva", NODE_ENV: "development", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  const lines = run.stdout.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { level: string; msg: string; event?: string });
  return { status: run.status, fatal: lines.find((line) => line.level === "fatal") };
}

describe("npm run migrate (the app servers' ExecStartPre=)", () => {
  it("refuses an environment file still holding the example's placeholders, naming them, before touching the database", () => {
    const { status, fatal } = migrate({ NODE_ENV: "production", BETTER_AUTH_SECRET: "CHANGE-ME-openssl-rand-base64-32", SMTP_URL: "smtp://CHANGE-ME-USER:x@smtp.example.net:587", ORGANIZATION_LEGAL_NAME: "Real Name", ORGANIZATION_EIN: "12-3456789" });
    expect(status).toBe(1);
    expect(fatal).toMatchObject({ event: "start.placeholder-settings" });
    expect(fatal?.msg).toMatch(/^BETTER_AUTH_SECRET, SMTP_URL still hold the example's placeholder CHANGE-ME/);
  });

  it("in production, refuses the receipts' sample organization as npm start does", () => {
    const { status, fatal } = migrate({ NODE_ENV: "production" });
    expect(status).toBe(1);
    expect(fatal).toMatchObject({ event: "start.sample-organization" });
  });
});
