/**
 * BETTER_AUTH_SECRET for `npm start` when none is configured: generated once and kept in
 * ./data/auth-secret (git-ignored, mode 600), so sessions survive restarts. Production deployments
 * with several servers must set the same BETTER_AUTH_SECRET on each instead.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function ensureAuthSecret(root: string, say: (message: string) => void): string {
  const configured = process.env.BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(root, "data", "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  say(`generated BETTER_AUTH_SECRET in ${path.relative(root, file)} (set BETTER_AUTH_SECRET to use your own)`);
  return secret;
}
